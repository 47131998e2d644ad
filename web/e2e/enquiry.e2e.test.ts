import { eventually, maildev } from "@storefront/testing";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { enquiryForm, journeyBrowser, openShop } from "./browser.js";
import { shopDatabase } from "./shop-database.js";

const browser = journeyBrowser();
const database = shopDatabase();

const form = (page: Page) => page.locator("form").filter({ has: page.locator('[name="message"]') });
const field = (page: Page, name: string) => form(page).locator(`[name="${name}"]`);
const submit = (page: Page) => page.getByTestId("enquiry-submit");

describe("the enquiry form", () => {
  it("is taken over by React only when a shopper comes near it, so a phone does not run its code while the home starts", async () => {
    const { context, page } = await openShop(browser(), "/home", { width: 412, height: 823 });
    // Every script the page has fetched, from its start: the form's chunk is named after it by the build.
    const formCode = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType("resource")
          .map((entry) => entry.name)
          .filter((url) => /\/EnquiryForm-[\w-]+\.js$/.test(url)),
      );
    // React has the page, and a moment for anything else the start would fetch.
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.waitForTimeout(500);
    expect(await form(page).isVisible()).toBe(true);
    expect(await formCode()).toEqual([]);

    await enquiryForm(page);
    await expect.poll(formCode).toHaveLength(1);
    await context.close();
  });

  it("shows the spec's message for each bad field, then sends a good enquiry to the database and the shop's inbox", async () => {
    const { context, page } = await openShop(browser());
    await enquiryForm(page);
    await field(page, "name").fill("Al");
    await field(page, "email").fill("asha@");
    await field(page, "mobile").fill("98220abc");
    await field(page, "message").fill("");
    await field(page, "message").blur();
    await field(page, "name").focus();
    for (const message of [
      "Name is required",
      "Please enter a valid email.",
      "Valid contact number is required!",
      "Enquiry message is required!",
    ]) {
      await form(page).getByText(message, { exact: true }).waitFor();
    }
    expect(await submit(page).isDisabled()).toBe(true);

    const marker = `order-${Date.now()}`;
    const name = `Asha Patil ${Date.now() % 100000}`;
    await field(page, "name").fill(name);
    await field(page, "email").fill("asha@example.in");
    await field(page, "mobile").fill("9822012345");
    await field(page, "message").fill(`Do you take bulk modak orders for Ganeshotsav? ${marker}`);
    await expect.poll(() => submit(page).isEnabled()).toBe(true);
    await submit(page).click();

    await page.getByText("Enquiry Notification Send Successfully").waitFor();
    await page.getByRole("button", { name: "Ok" }).click();
    await expect.poll(() => field(page, "name").inputValue()).toBe("");
    expect(await page.getByText("Enquiry Notification Send Successfully").isVisible()).toBe(false);

    const enquiries = database.enquiries();
    const stored = await eventually(() => enquiries.findOne({ message: { $regex: marker } }), {
      what: "the enquiry in the catalogue database",
    });
    expect(stored).toMatchObject({ name, email: "asha@example.in", mobile: "9822012345" });

    // The whole trip: gateway -> catalogue -> outbox -> RabbitMQ -> notification -> SMTP (MailDev).
    const subject = `New enquiry from ${name}`;
    const email = await eventually(async () => (await maildev.withSubject(subject))[0], {
      timeoutMs: 20_000,
      intervalMs: 250,
      what: `the shop's email "${subject}" in MailDev`,
    });
    expect(email.to).toEqual([expect.objectContaining({ address: inject("shopEmail") })]);
    expect(email.replyTo).toEqual([expect.objectContaining({ address: "asha@example.in" })]);
    expect(email.text).toContain(marker);
    await maildev.deleteWithSubject(subject);
    await context.close();
  });

  it("shows the failure modal when the shop cannot take the enquiry", async () => {
    const { context, page } = await openShop(browser());
    await enquiryForm(page);
    await page.route("**/api/v1/enquiry", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: '{"status":503,"message":"down"}' }),
    );
    await field(page, "name").fill("Asha Patil");
    await field(page, "mobile").fill("9822012345");
    await field(page, "message").fill("Is shrikhand available this Sunday?");
    await expect.poll(() => submit(page).isEnabled()).toBe(true);
    await submit(page).click();
    await page.getByText("Enquiry Notification Send Failed").waitFor();
    expect(await page.getByText("Something went wrong, please try again latter").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Ok" }).click();
    await expect.poll(() => field(page, "message").inputValue()).toBe("");
    await context.close();
  });
});
