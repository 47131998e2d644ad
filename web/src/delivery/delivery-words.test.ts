import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import type { DeliveryOption } from "../contracts";
import english from "../i18n/catalogs/en.json";
import marathi from "../i18n/catalogs/mr.json";
import { shopLanguage } from "../i18n/i18n";
import { cartDeliveryNote, deliveryRowName, deliverySentence, firstOption, optionName } from "./delivery-words";

const compiled = (catalog: Record<string, string>) =>
  Object.fromEntries(Object.entries(catalog).map(([id, message]) => [id, compileMessage(message)]));
const LANGUAGES = {
  en: shopLanguage("en", compiled(english)),
  mr: shopLanguage("mr", compiled(english), compiled(marathi)),
};

/** The starting zones as the pincode check answers them (docs/delivery.md, Zones), with the owner's Marathi names. */
const LOCAL: DeliveryOption = {
  zoneId: "wai",
  kind: "local",
  name: "Wai and nearby",
  nameMr: "वाई व परिसर",
  chargePaise: 4_000,
  freeAbovePaise: 50_000,
  fresh: true,
  dates: [{ date: "2026-11-27", slots: [{ slotId: "17-20", label: "5 pm - 8 pm", labelMr: "सायं. 5 ते रात्री 8" }] }],
};
const PICKUP: DeliveryOption = {
  zoneId: "pickup",
  kind: "pickup",
  name: "Pickup at the shop",
  chargePaise: 0,
  fresh: true,
  dates: [{ date: "2026-11-27", slots: [{ slotId: "11-14", label: "11 am - 2 pm" }] }],
};
const COURIER: DeliveryOption = {
  zoneId: "courier",
  kind: "courier",
  name: "Courier",
  chargePaise: 3_000,
  fresh: false,
  transitDays: { min: 5, max: 15 },
};

/** Kind x language: the cart's note and the Bill Summary's row, for the option checkout chooses first. */
const TABLE: Array<
  [kind: string, language: "en" | "mr", option: DeliveryOption | undefined, note: string, row: string]
> = [
  ["local", "en", LOCAL, "Prices include taxes. Delivery by the shop: ₹40.00, free above ₹500.00.", "Delivery charges"],
  [
    "local",
    "mr",
    LOCAL,
    "किमतींमध्ये कर समाविष्ट आहेत. दुकानाची स्वतःची डिलिव्हरी: ₹40.00, ₹500.00 पेक्षा जास्त खरेदीवर मोफत.",
    "डिलिव्हरी शुल्क",
  ],
  ["pickup", "en", PICKUP, "Prices include taxes. Pickup at the shop: free.", "Pickup at the shop"],
  ["pickup", "mr", PICKUP, "किमतींमध्ये कर समाविष्ट आहेत. दुकानातून पिकअप: मोफत.", "दुकानातून पिकअप"],
  // The courier is the spec's postal delivery: its words and its Bill Summary row, word for word.
  [
    "courier",
    "en",
    COURIER,
    "Prices include taxes. Postal delivery (₹30.00) is added at payment.",
    "Postal Delivery Charges",
  ],
  [
    "courier",
    "mr",
    COURIER,
    "किमतींमध्ये कर समाविष्ट आहेत. टपाल डिलिव्हरी (₹30.00) पेमेंटच्या वेळी जोडली जाते.",
    "टपाल डिलिव्हरी शुल्क",
  ],
  // No pincode checked yet: the spec's postal note, as before.
  [
    "unknown",
    "en",
    undefined,
    "Prices include taxes. Postal delivery (₹30.00) is added at payment.",
    "Postal Delivery Charges",
  ],
  [
    "unknown",
    "mr",
    undefined,
    "किमतींमध्ये कर समाविष्ट आहेत. टपाल डिलिव्हरी (₹30.00) पेमेंटच्या वेळी जोडली जाते.",
    "टपाल डिलिव्हरी शुल्क",
  ],
];

describe("the words about how an order reaches the shopper", () => {
  it.each(TABLE)("%s in %s: the cart's note and the Bill Summary's row", (_kind, language, option, note, row) => {
    const words = LANGUAGES[language];
    expect(cartDeliveryNote(words, option)).toBe(note);
    expect(deliveryRowName(words, option?.kind)).toBe(row);
  });

  it("chooses first what the payment page chooses first: the courier where it serves, else the shop's delivery", () => {
    expect(firstOption([LOCAL, PICKUP])).toBe(LOCAL);
    expect(firstOption([PICKUP, COURIER])).toBe(COURIER);
    expect(firstOption([])).toBeUndefined();
  });

  it("names zones and slots in Marathi on Marathi pages, in English where the owner wrote none", () => {
    expect(optionName(LANGUAGES.mr, LOCAL)).toBe("वाई व परिसर");
    expect(optionName(LANGUAGES.en, LOCAL)).toBe("Wai and nearby");
    expect(optionName(LANGUAGES.mr, PICKUP)).toBe("Pickup at the shop");
    const now = new Date("2026-11-26T10:00:00+05:30");
    expect(deliverySentence(LANGUAGES.en, "412803", "Wai", [LOCAL, PICKUP], now)).toBe(
      "Delivering to 412803 Wai: tomorrow 5 pm - 8 pm, free above ₹500.00",
    );
    expect(deliverySentence(LANGUAGES.mr, "412803", "Wai", [LOCAL, PICKUP], now)).toContain("सायं. 5 ते रात्री 8");
  });
});
