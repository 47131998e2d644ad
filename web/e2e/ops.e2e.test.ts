import { enquirySubmittedV1 } from "@storefront/contracts";
import { maildev, RabbitManagement, uniqueName } from "@storefront/testing";
import { MongoClient } from "mongodb";
import { describe, expect, inject, it } from "vitest";
import { openAdminLink } from "./admin-nav.js";
import { journeyBrowser, openShop } from "./browser.js";
import { ownerOn } from "./owner-steps.js";
import { fitsThePhone, PHONE } from "./phone-checks.js";

const browser = journeyBrowser();

/**
 * Parks an enquiry email as notification parks one after its last retry (same queue, same headers): the shop's
 * SMTP relay was down for eight minutes.
 */
async function parkEnquiry(name: string) {
  const event = enquirySubmittedV1.create(
    {
      enquiryId: uniqueName("enquiry"),
      name,
      email: "asha@example.in",
      mobile: "9876543210",
      message: "Do you deliver modak to Kolhapur?",
      submittedAt: new Date().toISOString(),
    },
    { correlationId: uniqueName("corr") },
  );
  const now = Date.now();
  await new RabbitManagement().request(
    "POST",
    `/exchanges/${encodeURIComponent(inject("vhost"))}/amq.default/publish`,
    {
      routing_key: "notification.parked",
      payload: JSON.stringify(event),
      payload_encoding: "string",
      properties: {
        message_id: event.id,
        type: event.type,
        correlation_id: event.correlationId,
        content_type: "application/json",
        delivery_mode: 2,
        headers: {
          "x-attempt": 5,
          "x-error": "connect ECONNREFUSED 10.0.4.17:587",
          "x-first-failed-at": new Date(now - 8 * 60_000).toISOString(),
          "x-parked-at": new Date(now).toISOString(),
          "x-original-queue": "notification",
        },
      },
    },
  );
  return event;
}

describe("the on-call console", () => {
  it("shows the admin a parked email with its error, replays it once with a reason, and the email goes out", async () => {
    const name = `Asha Patil ${uniqueName("ops")}`;
    const event = await parkEnquiry(name);

    const { page } = await openShop(browser(), "/login");
    await page.getByTestId("tab-admin").click();
    const form = page.getByTestId("login-admin");
    await form.getByTestId("login-admin-email").fill("admin@shop.example");
    await form.getByTestId("login-admin-password").fill("shop-admin-2026");
    await form.getByTestId("login-admin-submit").click();
    await page.waitForURL("**/admin-dashboard");
    await openAdminLink(page, "view-ops");
    await page.waitForURL("**/ops");

    const row = page.locator(`[data-testid="parked-row"][data-event-id="${event.id}"]`);
    await row.waitFor({ timeout: 15_000 });
    await expect(row.getByTestId("parked-error").textContent()).resolves.toContain("ECONNREFUSED 10.0.4.17:587");
    await expect(row.textContent()).resolves.toContain("catalogue.enquiry.submitted");
    await page.locator('[data-testid="ops-queue-row"][data-queue="notification"]').waitFor();
    await page.screenshot({ path: ".data/test-results/ops-console.png", fullPage: true });

    await row.getByTestId("parked-replay").click();
    await page.getByTestId("parked-reason").fill("SMTP relay restarted");
    await page.getByTestId("parked-confirm-submit").click();
    await page.getByText("The message was sent back to its queue.").first().waitFor();
    await row.waitFor({ state: "detached" });
    const mail = await maildev.latestTo(inject("shopEmail"), new RegExp(`^New enquiry from ${name}$`));
    expect(mail.text).toContain("Do you deliver modak to Kolhapur?");

    await page.getByTestId("ops-audit").getByText("SMTP relay restarted").waitFor();
    await page.getByTestId("parked-status").selectOption("replayed");
    await expect(row.textContent()).resolves.toContain("admin@shop.example");
  });

  it("shows the owner on a phone each phone message's state, and why one failed", async () => {
    // Two sends as notification records them (docs/messaging.md, Sending): one refused by both channels for good, one
    // the provider took (no webhook yet: "Sent").
    const orderId = `${Date.now()}OPSPH`;
    const client = await MongoClient.connect(inject("mongoUrl"));
    try {
      await client
        .db(inject("notificationDb"))
        .collection<{ _id: string }>("phone_sends")
        .insertMany([
          {
            _id: `cod_confirm:${orderId}`,
            to: "919812340077",
            template: "cod_confirm",
            state: "failed",
            failures: ["whatsapp: WhatsApp 400 code 131026", "sms: MSG91 418 Invalid template"],
            claimedAt: new Date(),
            doneAt: new Date(),
          },
          {
            _id: `cod_confirm:${orderId}2`,
            to: "919812340078",
            template: "cod_confirm",
            state: "sent",
            channel: "whatsapp",
            messageId: `wamid.${orderId}`,
            claimedAt: new Date(Date.now() - 1000),
            doneAt: new Date(),
          },
        ] as never);
    } finally {
      await client.close();
    }
    const { page } = await ownerOn(browser(), PHONE);
    await openAdminLink(page, "view-ops");
    await page.waitForURL("**/ops");
    const rows = page.getByTestId("ops-phone-messages").getByTestId("phone-message-row");
    const failed = rows.filter({ hasText: `order ${orderId}` }).first();
    await failed.waitFor({ timeout: 15_000 });
    await expect(failed.getByTestId("phone-message-state").textContent()).resolves.toBe("Failed");
    await expect(failed.textContent()).resolves.toContain("sms: MSG91 418 Invalid template");
    await expect(failed.textContent()).resolves.toContain("••••••••0077");
    const sent = rows.filter({ hasText: `order ${orderId}2` }).first();
    await expect(sent.getByTestId("phone-message-state").textContent()).resolves.toBe("Sent");
    await page.getByTestId("phone-failed-count").waitFor();
    await failed.scrollIntoViewIfNeeded();
    await fitsThePhone(page, "ops-phone-messages");
  });

  it("sends a customer away from the console, and refuses them its API and bull-board", async () => {
    const { page } = await openShop(browser(), "/ops");
    await page.waitForURL("**/login");
    const api = await page.request.get("/api/ops/parked");
    expect(api.status()).toBe(401);
    const board = await page.request.get("/ops/queues/");
    expect(board.status()).toBe(401);
  });
});
