import { describe, expect, it } from "vitest";
import { type EnquiryForShop, enquiryToShop } from "./enquiry-to-shop.js";

const shop = { name: "Gokul Mithai & Farsan" };
const enquiry: EnquiryForShop = {
  name: "Asha Patil",
  email: "asha@example.in",
  mobile: "9876543210",
  message: "Do you deliver modak to Kolhapur?\nWe need 200 pieces.",
  submittedAt: "2025-01-15T08:30:00.000Z",
};

describe("the enquiry email to the shop", () => {
  it("names the visitor in the subject", () => {
    expect(enquiryToShop(enquiry, shop).subject).toBe("New enquiry from Asha Patil");
  });

  it("keeps the subject on one line whatever the visitor typed as a name", () => {
    const { subject } = enquiryToShop({ ...enquiry, name: "Asha\r\nBcc: everyone@example.in" }, shop);
    expect(subject).toBe("New enquiry from Asha Bcc: everyone@example.in");
    expect(subject).not.toMatch(/[\r\n]/);
  });

  it("gives the plain-text alternative every detail, with the time in India", () => {
    const { text } = enquiryToShop(enquiry, shop);
    expect(text).toContain("Name: Asha Patil");
    expect(text).toContain("Email: asha@example.in");
    expect(text).toContain("Mobile: 9876543210");
    expect(text).toContain("Submitted: 15 Jan 2025, 2:00 pm IST");
    expect(text).toContain("Do you deliver modak to Kolhapur?\nWe need 200 pieces.");
    expect(text).toContain("Gokul Mithai & Farsan");
  });

  it("shows the same details in the branded HTML", () => {
    const { html } = enquiryToShop(enquiry, shop);
    expect(html).toContain("Gokul Mithai &amp; Farsan");
    expect(html).toContain("#2C7A7B");
    expect(html).toContain("Asha Patil");
    expect(html).toContain('href="mailto:asha@example.in"');
    expect(html).toContain('href="tel:9876543210"');
    expect(html).toContain("15 Jan 2025, 2:00 pm IST");
    expect(html).toContain("Do you deliver modak to Kolhapur?<br>\nWe need 200 pieces.");
  });

  it("converts the time to India time whatever offset it was submitted with", () => {
    const late = enquiryToShop({ ...enquiry, submittedAt: "2025-03-31T23:45:00-04:00" }, shop);
    expect(late.text).toContain("Submitted: 1 Apr 2025, 9:15 am IST");
  });

  it("says the email was not given, and how to answer instead", () => {
    const { text, html } = enquiryToShop({ ...enquiry, email: undefined }, shop);
    expect(text).toContain("Email: not given");
    expect(text).toContain("call or message them on 9876543210");
    expect(html).toContain("not given");
    expect(html).not.toContain("mailto:");
  });

  it("escapes every visitor value in the HTML", () => {
    const hostile: EnquiryForShop = {
      name: `<img src=x onerror="alert(1)">`,
      email: "o'brien@example.in",
      mobile: `98765<b>43210</b>`,
      message: `<script>alert("stolen")</script> & "quotes"`,
      submittedAt: enquiry.submittedAt,
    };
    const { html, text } = enquiryToShop(hostile, shop);
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<b>43210");
    expect(html).toContain("&lt;script&gt;alert(&quot;stolen&quot;)&lt;/script&gt; &amp; &quot;quotes&quot;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(html).toContain('href="mailto:o&#39;brien@example.in"');
    expect(html).toContain('href="tel:9876543210"');
    // The text part is not HTML: it carries what the visitor typed, unchanged.
    expect(text).toContain(`<script>alert("stolen")</script>`);
  });
});
