import { bringTheMorning, messagingSandbox, type SandboxMessage } from "@storefront/testing";
import { MongoClient } from "mongodb";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ADMIN, logIn, WAI } from "./accounts.js";
import { cardNamed, journeyBrowser, newShopper } from "./browser.js";
import { continueAsGuest, emailFor, type Shopper } from "./checkout-steps.js";
import { shopDatabase } from "./shop-database.js";
import { catalogue } from "./storefront.js";

const browser = journeyBrowser();
const database = shopDatabase();

let notificationClient: MongoClient | undefined;
beforeAll(async () => {
  notificationClient = await MongoClient.connect(inject("mongoUrl"));
});
afterAll(async () => {
  await notificationClient?.close();
});
const notificationDb = () => {
  if (!notificationClient) throw new Error("connected in beforeAll");
  return notificationClient.db(inject("notificationDb"));
};
/** Notification's record of a message owed to the phone (docs/messaging.md, Sending): its claim, by id. */
const phoneSend = (id: string) =>
  notificationDb().collection<{ _id: string; state: string }>("phone_sends").findOne({ _id: id });
/** An order's news owed at night is held for 08:00 India time: a journey run in the evening brings its morning. */
const morningComes = (id: string) => bringTheMorning(notificationDb(), id);

/** A shopper of this file's own: a number no other journey writes to (the sandbox's inbox is the run's). */
const SUNITA: Shopper = {
  name: "Sunita More",
  mobile: `9${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`,
  street: "House 9, Ganpati Ali",
};
const number = `91${SUNITA.mobile}`;
const variable = (message: SandboxMessage, name: string) =>
  message.template?.variables.find((one) => one.name === name)?.value;

/**
 * The order on the shopper's phone (docs/messaging.md): a Marathi guest in Wai ticks "Updates on your phone" and
 * orders for cash on a slowed phone; the phone (the messaging sandbox's page, as a shopper sees WhatsApp) shows the
 * Marathi `cod_confirm` and its buttons; Confirm confirms the order the page could not (its network dropped at that
 * moment), and the kitchen's production list has it; the owner sends it out for delivery and the phone is told with
 * its slot; STOP, and the "delivered" that follows is held back.
 */
describe("the order on the shopper's phone", () => {
  it("confirms a Marathi guest's cash order by WhatsApp's Confirm, tells the phone it is out with its slot, and after STOP sends nothing more", async () => {
    const phone = messagingSandbox(inject("messagingSandboxUrl"));
    const karanji = (await catalogue()).find((product) => product.productId === "karanji");
    const context = await newShopper(browser(), {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: "mr-IN",
    });
    const page = await context.newPage();
    const devtools = await context.newCDPSession(page);
    await devtools.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto("/mr/home");
    await cardNamed(page, karanji?.marathi?.name ?? "Karanji")
      .getByTestId("add-to-cart")
      .click();
    await page.getByTestId("cart-badge").getByText("1", { exact: true }).waitFor();
    await page.getByTestId("cart-link").click();
    await page.waitForURL("**/mr/cart");
    const email = emailFor("phonewai");
    await continueAsGuest(page, email, WAI, SUNITA);
    await page.getByTestId("delivery-choice").waitFor();
    await page.getByTestId("pay-cash-on-delivery").click();
    const consent = page.getByTestId("phone-updates-consent");
    expect(await consent.locator("input").isChecked()).toBe(false);
    await consent.click();
    // The phone's network drops as the page confirms the order: the WhatsApp message is how it gets confirmed.
    await page.route("**/api/payment/order/*/cash-on-delivery", (route) => route.abort("internetdisconnected"));
    const placing = page.waitForResponse((response) => response.url().endsWith("/api/payment/cashfree-order"));
    const dropped = page.waitForEvent("requestfailed", (request) => request.url().endsWith("/cash-on-delivery"));
    await page.getByTestId("proceed-to-payment").click();
    await dropped;
    const placed = await placing;
    expect(placed.status()).toBe(200);
    const { orderId } = placed.request().postDataJSON() as { orderId: string };
    await context.close();

    const codConfirm = await phone.latestTo(number, { template: "cod_confirm" });
    expect(codConfirm.template?.language).toBe("mr");
    expect(variable(codConfirm, "order_id")).toBe(orderId);
    expect(variable(codConfirm, "customer_name")).toBe(SUNITA.name);
    expect((await database.order<{ paymentStatus: string }>(orderId))?.paymentStatus).toBe("PENDING");

    // The shopper's phone: the message and its three buttons; Confirm pressed.
    const phoneContext = await browser().newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const phonePage = await phoneContext.newPage();
    await phonePage.goto(`${inject("messagingSandboxUrl")}/numbers/${number}`);
    const buttons = phonePage.locator(`[data-testid="quick-reply"][data-press="${codConfirm.id}"]`);
    await expect.poll(() => buttons.count()).toBe(3);
    expect(await buttons.first().textContent()).toBe(`order:confirm:${orderId}`);
    await phonePage.screenshot({ path: ".data/test-results/phone-updates-cod-confirm.png" });
    await buttons.first().click();
    await expect
      .poll(async () => (await database.order<{ paymentStatus: string }>(orderId))?.paymentStatus, {
        timeout: 20_000,
      })
      .toBe("COD");
    const confirmed = await database.order<{ delivery: { date: string; slotLabel: string; slotLabelMr: string } }>(
      orderId,
    );
    const deliveryDate = confirmed?.delivery.date as string;

    // The kitchen's list for its day has it.
    const owner = await (await newShopper(browser(), { viewport: { width: 390, height: 844 } })).newPage();
    await logIn(owner, ADMIN.email, ADMIN.password, "admin");
    await owner.waitForURL("**/admin-dashboard");
    await owner.goto(`/admin-production?date=${deliveryDate}`);
    await owner.getByTestId("production-sheet").waitFor();
    const slot = owner.getByTestId("production-slot").filter({ hasText: confirmed?.delivery.slotLabel as string });
    await expect.poll(() => slot.innerText(), { timeout: 20_000 }).toContain("Karanji");

    // Out for delivery: the phone is told, with the slot.
    await owner.goto(`/order-detail/${encodeURIComponent(orderId)}`);
    await owner.getByTestId("status-select").selectOption("Dispatched");
    await owner.getByTestId("status-update").click();
    await owner.getByText("Status updated Successfully").first().waitFor();
    await morningComes(`out_for_delivery:${orderId}`);
    const outForDelivery = await phone.latestTo(number, { template: "out_for_delivery" });
    expect(outForDelivery.template?.language).toBe("mr");
    expect(variable(outForDelivery, "order_id")).toBe(orderId);
    // The slot in the order's language, as the page showed it.
    expect(variable(outForDelivery, "slot")).toContain(confirmed?.delivery.slotLabelMr);

    // STOP from the phone; the delivery that follows is not messaged.
    await phonePage.getByTestId("reply-stop").click();
    await expect.poll(async () => (await phone.messagesTo(number)).some((one) => one.text === "STOP")).toBe(true);
    await expect
      .poll(async () => (await phone.messagesTo(number)).find((one) => one.text === "STOP")?.webhooks[0]?.delivered, {
        timeout: 20_000,
      })
      .toBe(true);
    await owner.getByTestId("status-select").selectOption("Delivered");
    await owner.getByTestId("status-update").click();
    await owner.getByText("Status updated Successfully").first().waitFor();
    await expect
      .poll(async () => (await phoneSend(`delivered:${orderId}`))?.state, { timeout: 20_000 })
      .toBe("skipped");
    expect((await phone.messagesTo(number)).filter((one) => one.template?.name === "delivered")).toHaveLength(0);
    await phoneContext.close();
  }, 150_000);
});
