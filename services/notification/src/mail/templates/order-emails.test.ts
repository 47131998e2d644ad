import { describe, expect, it } from "vitest";
import { orderConfirmationEmail } from "./order-emails.js";

const shop = { name: "Gokul Mithai & Farsan", url: "https://shop.example", email: "orders@shop.example" };

describe("the order confirmation", () => {
  it("shows a coupon's discount between the lines and the delivery, and the total paid after it", () => {
    const mail = orderConfirmationEmail(
      {
        orderId: "1764000000080coupn",
        invoiceNumber: "GM/26-27/000099",
        customerName: "Asha Patil",
        shippingAddress: "Flat 4, Sai Krupa Society, Pune, Maharashtra-411001",
        lines: [{ name: "Kaju Katli", weight: "500 Gram", quantity: 2, lineTotalPaise: 100_000 }],
        postalDeliveryPaise: 3_000,
        coupon: { code: "DIWALI100", discountPaise: 10_000 },
        totalPaise: 93_000,
      },
      shop,
    );
    expect(mail.text).toMatch(
      /2 x Kaju Katli \(500 Gram\) {2}₹1,000\.00\n {2}Coupon DIWALI100 applied {2}-₹100\.00\n {2}Postal delivery/,
    );
    expect(mail.text).toContain("Total paid  ₹930.00");
    expect(mail.html).toContain("Coupon DIWALI100 applied");
    expect(mail.html).toContain("-₹100.00");
  });
});
