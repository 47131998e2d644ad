import { SHOP } from "@storefront/contracts/plain";
import { describe, expect, it } from "vitest";
import { customerPhoneHref, customerWhatsAppHref } from "./customer-links";

describe("the links that reach a customer", () => {
  it("dial and chat with the customer's 10 digits behind India's +91", () => {
    expect(customerPhoneHref("9876543210")).toBe("tel:+919876543210");
    expect(customerWhatsAppHref("9876543210")).toBe("https://wa.me/919876543210");
    expect(customerWhatsAppHref("9876543210", "Order 1 & 2")).toBe(
      "https://wa.me/919876543210?text=Order%201%20%26%202",
    );
  });

  it("read a number written with +91, a leading 0 or spaces as its 10 digits", () => {
    for (const written of ["+91 98765 43210", "919876543210", "09876543210", " 98765-43210 "])
      expect(customerWhatsAppHref(written), written).toBe("https://wa.me/919876543210");
  });

  it("give no link for what is not a mobile, and never the shop's own number", () => {
    for (const written of ["", "12345", "98765432101234", "not a number"]) {
      expect(customerPhoneHref(written), written).toBeUndefined();
      expect(customerWhatsAppHref(written), written).toBeUndefined();
    }
    expect(customerWhatsAppHref("9876543210")).not.toContain(SHOP.whatsAppNumber);
  });
});
