import { addDays, indiaDayKey, indiaDayLabel } from "@storefront/contracts";
import { maildev } from "@storefront/testing";
import { describe, expect, inject, it } from "vitest";
import { ADMIN, DRY_GOODS, HAVELI, logIn, WAI } from "./accounts.js";
import { openAdminLink } from "./admin-nav.js";
import { cardNamed, journeyBrowser, newShopper, openShop } from "./browser.js";
import { continueAsGuest, emailFor, payInModal } from "./checkout-steps.js";
import { fitsThePhone, PHONE } from "./phone-checks.js";

const browser = journeyBrowser();

describe("delivery to the shop's own town", () => {
  it("checks 412803 on home, picks tomorrow 5 pm - 8 pm at checkout, pays in the sandbox, and the confirmation and the mail show the slot", async () => {
    const tomorrow = addDays(indiaDayKey(new Date()), 1);
    const { page, context } = await openShop(browser(), "/home");
    await page.getByTestId("pincode-input").fill("412803");
    await page.getByTestId("pincode-submit").click();
    expect(await page.getByTestId("pincode-answer").textContent()).toMatch(
      /^Delivering to 412803 Wai: (today|tomorrow) .+, free above ₹500\.00$/,
    );
    // Courier-only pincodes are told what can go there.
    await page.getByTestId("pincode-input").fill("400001");
    await page.getByTestId("pincode-submit").click();
    await page
      .getByTestId("pincode-answer")
      .getByText(
        "Courier to 400001 Mumbai in 5-15 business days, ₹30.00. Only dry snacks and supplies can be sent to 400001: fresh sweets are for Wai and nearby",
      )
      .waitFor();

    await cardNamed(page, "Karanji").getByTestId("add-to-cart").click();
    await page.getByTestId("cart-badge").getByText("1", { exact: true }).waitFor();
    await page.goto("/cart");
    const email = emailFor("wai");
    await continueAsGuest(page, email, WAI);
    const choice = page.getByTestId("delivery-choice");
    await choice.waitFor();
    await choice.getByTestId("delivery-date").selectOption(tomorrow);
    await choice.getByTestId("delivery-slot").selectOption("17-20");
    expect(await page.getByTestId("bill-postal-delivery-charges").textContent()).toBe("₹40.00");
    await payInModal(page, "pay");
    await page.waitForURL("**/payment-detail/**", { timeout: 30_000 });
    await page
      .getByTestId("detail-delivery")
      .getByText(`Wai and nearby, ${indiaDayLabel(tomorrow)}, 5 pm - 8 pm`)
      .waitFor({ timeout: 15_000 });
    // The order mail (with the GST invoice, which names it too) says when it comes.
    const mail = await maildev.latestTo(email, /is confirmed$/);
    expect(mail.text).toContain("Delivery (Wai and nearby)  ₹40.00");
    expect(mail.text).toContain(`We deliver it ourselves on ${indiaDayLabel(tomorrow)}, 5 pm - 8 pm.`);
    expect(mail.text).not.toContain("India Post");
    const orderId = decodeURIComponent(page.url().split("/payment-detail/")[1] ?? "");
    await context.close();

    // The owner, on a phone, sees it counted as New and opens the New orders from the tile: under tomorrow's 5 pm - 8 pm
    // heading, with where it goes and the customer's number to call (docs/back-office.md, The orders list).
    const phone = await newShopper(browser(), { viewport: PHONE, isMobile: true, hasTouch: true });
    const owner = { context: phone, page: await phone.newPage() };
    await logIn(owner.page, ADMIN.email, ADMIN.password, "admin");
    await owner.page.waitForURL("**/admin-dashboard");
    await expect.poll(async () => Number(await owner.page.getByTestId("summary-new").textContent())).toBeGreaterThan(0);
    await owner.page.getByTestId("summary-new-link").click();
    await owner.page.waitForURL("**/admin-dashboard?view=new");
    const row = owner.page.locator(`[data-testid="admin-order-row"][data-order-id="${orderId}"]`);
    await row.waitFor();
    expect(await row.getByTestId("admin-order-delivery").textContent()).toBe("Wai and nearby");
    expect(await row.getByTestId("admin-order-call").getAttribute("href")).toBe("tel:+919123456780");
    expect(await row.getByTestId("admin-order-whatsapp").getAttribute("href")).toBe("https://wa.me/919123456780");
    // Its heading is the nearest one above it: the list is grouped by day and slot.
    const heading = await row.evaluate((element) => {
      let before = element.previousElementSibling;
      while (before && before.getAttribute("data-testid") !== "admin-order-group")
        before = before.previousElementSibling;
      return before?.textContent;
    });
    expect(heading).toBe(`Tomorrow, ${indiaDayLabel(tomorrow)} · 5 pm - 8 pm`);
    await fitsThePhone(owner.page, "admin-new-orders");
    // Narrowed to tomorrow, then the day's run with its address.
    await owner.page.getByTestId("filter-delivery-date").selectOption(tomorrow);
    await owner.page.getByTestId("admin-order-group").first().waitFor();
    expect(await owner.page.getByTestId("admin-order-group").allTextContents()).toEqual(
      expect.arrayContaining([`Tomorrow, ${indiaDayLabel(tomorrow)} · 5 pm - 8 pm`]),
    );
    await row.waitFor();
    await owner.page.getByTestId("delivery-run").click();
    const stop = owner.page.getByTestId("delivery-stop").filter({ hasText: orderId });
    await stop.getByText("Wai City").waitFor();
    await owner.context.close();
  }, 120_000);

  it("lets the owner set cash on delivery for the courier in the admin, refuses a slot with a cut-off that is no time, and the pincode check follows", async () => {
    const owner = await openShop(browser(), "/home");
    await logIn(owner.page, ADMIN.email, ADMIN.password, "admin");
    await owner.page.waitForURL("**/admin-dashboard");
    await openAdminLink(owner.page, "view-delivery-zones");
    const form = owner.page.getByTestId("delivery-zones-form");
    const courier = form.getByTestId("zone-courier");
    await courier.getByTestId("zone-codUpTo").fill("500");
    await form.getByTestId("zones-save").click();
    await owner.page.getByText("Delivery zones saved.").first().waitFor();
    const codOf400001 = async () => {
      const answer = await fetch(`${inject("shopUrl")}/api/v1/delivery/pincode/400001`);
      const { options } = (await answer.json()) as { options: { kind: string; codUpToPaise?: number }[] };
      return options.find((option) => option.kind === "courier")?.codUpToPaise;
    };
    await expect.poll(codOf400001, { timeout: 75_000, interval: 2000 }).toBe(50_000);

    // A cut-off of 25:00 is no time of day: refused, and nothing is saved.
    const wai = form.getByTestId("zone-wai");
    await wai.getByTestId("slot-cutoff").first().fill("25:00");
    await courier.getByTestId("zone-codUpTo").fill("");
    await form.getByTestId("zones-save").click();
    await form.getByTestId("zones-problem").getByText("A time as HH:MM.", { exact: false }).waitFor();
    await owner.page.reload();
    expect(await owner.page.getByTestId("zone-courier").getByTestId("zone-codUpTo").inputValue()).toBe("500");

    // Back as it was: no cash on delivery by courier.
    await owner.page.getByTestId("zone-courier").getByTestId("zone-codUpTo").fill("");
    await owner.page.getByTestId("zones-save").click();
    await owner.page.getByText("Delivery zones saved.").first().waitFor();
    await expect.poll(codOf400001, { timeout: 75_000, interval: 2000 }).toBeUndefined();
    await owner.context.close();
  }, 240_000);

  it("names a fresh sweet the courier cannot carry to Haveli before Pay, and lets it be collected from the shop", async () => {
    const { page, context } = await openShop(browser(), "/home");
    await cardNamed(page, "Ukadiche Modak").getByTestId("add-to-cart").click();
    await cardNamed(page, DRY_GOODS[1]).getByTestId("add-to-cart").click();
    await page.getByTestId("cart-badge").getByText("2", { exact: true }).waitFor();
    await page.goto("/cart");
    await continueAsGuest(page, emailFor("haveli-modak"), HAVELI);
    const choice = page.getByTestId("delivery-choice");
    await choice
      .getByTestId("delivery-cannot-travel")
      .getByText(
        `Ukadiche Modak cannot be sent to ${HAVELI.pincode}: fresh sweets are for Wai and nearby. Only dry snacks and supplies go by courier.`,
      )
      .waitFor();
    expect(await page.getByTestId("proceed-to-payment").isDisabled()).toBe(true);
    // Collected from the shop, it may be bought.
    await choice.getByTestId("delivery-pickup").click();
    await choice.getByTestId("delivery-cannot-travel").waitFor({ state: "detached" });
    await payInModal(page, "pay");
    await page.waitForURL("**/payment-detail/**", { timeout: 30_000 });
    await page
      .getByTestId("detail-delivery")
      .getByText(/^Pickup at the shop, /)
      .waitFor({ timeout: 15_000 });
    await context.close();
  }, 120_000);
});
