import { describe, expect, it } from "vitest";
import { customerPhoneHref, customerWhatsAppHref } from "./customer-links";

describe("links to a customer", () => {
  it("dials and chats an Indian mobile with India's code", () => {
    expect(customerPhoneHref("9876543210")).toBe("tel:+919876543210");
    expect(customerWhatsAppHref("9876543210")).toBe("https://wa.me/919876543210");
    expect(customerWhatsAppHref("9876543210", "Order 1 & 2")).toBe(
      "https://wa.me/919876543210?text=Order%201%20%26%202",
    );
  });

  it("dials anything else as its digits, with no WhatsApp link", () => {
    expect(customerPhoneHref("+44 20 7946 0000")).toBe("tel:+442079460000");
    expect(customerWhatsAppHref("12345")).toBeUndefined();
  });
});
