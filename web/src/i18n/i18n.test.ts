import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import english from "./catalogs/en.json";
import marathi from "./catalogs/mr.json";
import { shopLanguage } from "./i18n";

const compiled = (catalog: Record<string, string>) =>
  Object.fromEntries(Object.entries(catalog).map(([id, message]) => [id, compileMessage(message)]));

describe("the page's language", () => {
  const mr = shopLanguage("mr", compiled(english), compiled(marathi));
  const en = shopLanguage("en", compiled(english));

  it("says a server's English words in Marathi, those made with values too, and leaves unknown words as they are", () => {
    expect(mr.sayEnglish("Invalid OTP")).toBe("अवैध OTP");
    expect(mr.sayEnglish("Karanji is sold out today. Please, remove it from your cart.")).toBe(
      "Karanji आज संपले आहे. कृपया ते तुमच्या कार्टमधून काढा.",
    );
    expect(mr.sayEnglish("Kaju Katli is no longer sold. Please, remove it from your cart.")).toBe(
      "Kaju Katli आता विक्रीसाठी नाही. कृपया ते तुमच्या कार्टमधून काढा.",
    );
    expect(mr.sayEnglish("This coupon needs items worth ₹999.00 or more.")).toBe(
      "या कूपनसाठी ₹999.00 किंवा जास्त किमतीचे पदार्थ हवेत.",
    );
    expect(mr.sayEnglish("Something nobody wrote (really?).")).toBe("Something nobody wrote (really?).");
    expect(en.sayEnglish("Invalid OTP")).toBe("Invalid OTP");
  });

  it("counts in Marathi with Latin digits, and keeps prices as the shop writes them", () => {
    expect(mr.say("cart.total", { count: 3 })).toBe("एकूण (3 वस्तू)");
    expect(en.say("cart.total", { count: 1 })).toBe("Total (1 item)");
    expect(mr.dayLabel("2026-11-25")).toBe("बुध, 25 नोव्हें");
    expect(mr.say("pay.cash", { limit: "₹2,000.00" })).toBe("कॅश ऑन डिलिव्हरी (₹2,000.00 पर्यंतच्या ऑर्डर)");
  });

  it("names a product in Marathi where the owner wrote it, else in English", () => {
    const ladoo = { name: "Besan Ladoo", description: "Gram flour", marathi: { name: "बेसन लाडू", description: "" } };
    expect(mr.productName(ladoo)).toBe("बेसन लाडू");
    expect(mr.productDescription(ladoo)).toBe("Gram flour");
    expect(en.productName(ladoo)).toBe("Besan Ladoo");
  });
});
