import { compileMessage } from "@lingui/message-utils/compileMessage";
import * as contracts from "@storefront/contracts";
import { describe, expect, it } from "vitest";
import english from "./catalogs/en.json";
import marathi from "./catalogs/mr.json";

/**
 * The shop's two catalogs (docs/languages.md): the same messages with the same placeholders, each a valid ICU
 * message, and the English one still saying what the spec and the contracts say, word for word.
 */
type Compiled = ReturnType<typeof compileMessage>;

/** The names a compiled message formats: placeholders and plural arguments, inside plurals too. */
function placeholders(compiled: Compiled, found = new Set<string>()): Set<string> {
  if (!Array.isArray(compiled)) return found;
  for (const part of compiled) {
    if (typeof part === "string") continue;
    const [name, , options] = part as [string, string?, Record<string, Compiled>?];
    if (name !== "#") found.add(name);
    for (const option of Object.values(options ?? {})) placeholders(option, found);
  }
  return found;
}

const englishIds = Object.keys(english).sort();
const marathiIds = Object.keys(marathi).sort();

describe("the message catalogs", () => {
  it("hold the same messages in English and Marathi", () => {
    expect(marathiIds).toEqual(englishIds);
  });

  it("give every message the same placeholders in both languages, and each compiles", () => {
    for (const id of englishIds) {
      const en = placeholders(compileMessage(english[id as keyof typeof english]));
      const mr = placeholders(compileMessage(marathi[id as keyof typeof marathi]));
      expect([...mr].sort(), id).toEqual([...en].sort());
    }
  });

  it("say the contracts' messages word for word in English, and each is matched by its text", () => {
    const groups = contracts as unknown as Record<string, Record<string, unknown>>;
    const messageIds = englishIds.filter((id) => id.startsWith("msg."));
    expect(messageIds.length).toBeGreaterThan(60);
    for (const id of messageIds) {
      const [, group = "", key = ""] = id.split(".");
      const expected = group === "PINCODE" ? contracts.PINCODE_MESSAGE : groups[group]?.[key];
      const text = english[id as keyof typeof english];
      if (typeof expected === "function") continue;
      expect(text, id).toBe(expected);
      // A server's English words are matched with the compiled message's text (i18n.tsx, sayEnglish).
      if (!text.includes("{")) expect(compileMessage(text), id).toEqual([text]);
    }
  });

  it("word the contracts' messages made with values as the contracts do, for the same values", () => {
    const day = "2026-11-25";
    const made: Array<[string, string, Record<string, string>]> = [
      ["msg.ProductMessages.unavailable", contracts.ProductMessages.unavailable("Karanji"), { name: "Karanji" }],
      ["msg.ProductMessages.noLongerSold", contracts.ProductMessages.noLongerSold("Karanji"), { name: "Karanji" }],
      ["msg.KitchenMessages.cannotMake", contracts.KitchenMessages.cannotMake("Karanji"), { name: "Karanji" }],
      [
        "msg.KitchenMessages.cannotMakeOn",
        contracts.KitchenMessages.cannotMakeOn("Karanji", day),
        { name: "Karanji", day: contracts.indiaDayLabel(day) },
      ],
      [
        "msg.OrderMessages.unpaidShareReached",
        contracts.OrderMessages.unpaidShareReached("Karanji", 3),
        { name: "Karanji", limit: "3" },
      ],
      [
        "msg.CashOnDeliveryMessages.aboveLimit",
        contracts.CashOnDeliveryMessages.aboveLimit("₹2,000.00"),
        { limit: "₹2,000.00" },
      ],
      [
        "msg.FestivalBookingMessages.belowMinimum",
        contracts.FestivalBookingMessages.belowMinimum(40_000),
        { amount: "400" },
      ],
      [
        "msg.DeliveryMessages.notFresh",
        contracts.DeliveryMessages.notFresh("Karanji, Modak", "411023"),
        { names: "Karanji, Modak", pincode: "411023" },
      ],
    ];
    const functions = englishIds.filter((id) => {
      const [, group = "", key = ""] = id.split(".");
      return typeof (contracts as unknown as Record<string, Record<string, unknown>>)[group]?.[key] === "function";
    });
    expect(functions.sort()).toEqual(made.map(([id]) => id).sort());
    for (const [id, words, values] of made) {
      const text = english[id as keyof typeof english].replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? "");
      expect(text, id).toBe(words);
    }
  });

  it("name the public pages as libs/contracts does, for the titles and the sitemap", () => {
    for (const page of contracts.PUBLIC_PAGES) {
      expect(english[`meta.${page.path}.title` as keyof typeof english]).toBe(page.title);
      expect(english[`meta.${page.path}.description` as keyof typeof english]).toBe(page.description);
    }
  });

  it("keep the spec's own words in English", () => {
    const spec: Record<string, string> = {
      "home.pendingOrder": "You have pending order for completion.",
      "toast.emptyCartTitle": "Fail to Checkout",
      "toast.emptyCart": "No Product in cart for checkout. Please, select the product quantity to proceed!",
      "checkout.signup": "Signup - New User",
      "checkout.login": "Login - Existing User",
      "checkout.guest": "Guest - One Time Purchase",
      "bill.heading": "Bill Summary",
      "bill.totalPay": "Total Pay",
      "pay.proceed": "Proceed to Payment",
      "enquiry.sentTitle": "Enquiry Notification Send Successfully",
      "enquiry.failedTitle": "Enquiry Notification Send Failed",
      "enquiry.failedText": "Something went wrong, please try again latter",
      "enquiry.heading": "Send Us A Message",
      "nav.signout": "Signout",
    };
    for (const [id, words] of Object.entries(spec)) expect(english[id as keyof typeof english], id).toBe(words);
  });
});
