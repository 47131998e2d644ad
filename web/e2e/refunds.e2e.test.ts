import { maildev } from "@storefront/testing";
import { describe, expect, it } from "vitest";
import { ADMIN, DRY_GOODS, fillCart, logIn } from "./accounts.js";
import { cardNamed, journeyBrowser, openShop } from "./browser.js";
import { emailFor, orderLinkIn, paysAsGuest } from "./checkout-steps.js";

const browser = journeyBrowser();

describe("refunds per part in the browser (docs/order-lifecycle.md, Refunds)", () => {
  it("lets the admin refund a line after confirming it, drops the line from the choices, refuses it again in the API, caps goodwill, asks before cancelling or moving back, and the shopper sees the refund", async () => {
    // A guest pays for two dry snacks.
    const email = emailFor("refundline");
    const shop = await openShop(browser());
    await fillCart(shop.page, 1);
    await cardNamed(shop.page, DRY_GOODS[1]).getByTestId("add-to-cart").click();
    await shop.page.getByTestId("cart-badge").getByText("2", { exact: true }).waitFor();
    await shop.page.goto("/cart");
    const orderId = await paysAsGuest(shop.page, email);
    await shop.context.close();

    // The owner opens it: what is left of each part, and every line offered.
    const owner = await openShop(browser(), "/home");
    const page = owner.page;
    await logIn(page, ADMIN.email, ADMIN.password, "admin");
    await page.waitForURL("**/admin-dashboard");
    await page.goto(`/order-detail/${encodeURIComponent(orderId)}`);
    const actions = page.getByTestId("admin-order-actions");
    await actions.waitFor();
    const choice = actions.getByTestId("admin-refund-choice");
    expect(await choice.locator('option[value="line-0"]').count()).toBe(1);
    const firstLine = actions.getByTestId("admin-refund-part-line-0");
    const lineText = (await firstLine.textContent()) ?? "";
    const linePaid = /₹[\d,]+\.\d{2}$/.exec(lineText)?.[0];
    expect(linePaid, lineText).toBeDefined();

    // Refund asks first, naming the amount and the line; going back refunds nothing.
    await choice.selectOption("line-0");
    await actions.getByTestId("admin-refund").click();
    const dialog = page.getByTestId("admin-confirm-dialog");
    await dialog.waitFor();
    const question = await dialog.getByTestId("admin-confirm-question").textContent();
    expect(question).toMatch(
      new RegExp(
        `^Refund ${linePaid!.replace(/[.$]/g, "\\$&")} for ${DRY_GOODS[0]} \\d+ Gram to the customer's original payment method\\? This cannot be undone\\.$`,
      ),
    );
    // Once it has faded in: the screenshot shows the dialog as the owner reads it.
    await dialog.evaluate((element) =>
      Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
    );
    await page.screenshot({ path: ".data/test-results/admin-refund-confirm.png" });
    await dialog.getByTestId("admin-confirm-cancel").click();
    await dialog.waitFor({ state: "hidden" });
    expect(await choice.locator('option[value="line-0"]').count()).toBe(1);

    await actions.getByTestId("admin-refund").click();
    await dialog.getByTestId("admin-confirm").click();
    await page.getByText("Refund initiated.").first().waitFor();
    // The line is refunded: nothing left of it, and no longer a choice.
    await firstLine.getByText("₹0.00").waitFor();
    await expect.poll(() => choice.locator('option[value="line-0"]').count()).toBe(0);
    expect(await choice.locator('option[value="line-1"]').count()).toBe(1);
    await page.getByTestId("admin-order-refunds").getByText(`${orderId}-R1`, { exact: false }).waitFor();
    // The page says what went back and what is left, read again from the server: the total less the line.
    const paise = (text: string | null) => Math.round(Number((text ?? "").replace(/[^\d.]/g, "")) * 100);
    const paidPaise = paise(await page.getByTestId("admin-order-amount").textContent());
    const leftPaise = paidPaise - paise(linePaid!);
    expect(leftPaise).toBeGreaterThan(0);
    expect(paise(await page.getByTestId("admin-order-left").textContent())).toBe(leftPaise);
    expect(paise(await actions.getByTestId("admin-refund-left").textContent())).toBe(leftPaise);
    expect(await page.getByTestId("admin-order-refunded").textContent()).toMatch(
      new RegExp(`^${linePaid!.replace(/[.$]/g, "\\$&")} (initiated|credited)$`),
    );

    // The API says no to the same line again, in the shop's error shape.
    const again = await page.evaluate(async (id) => {
      const answer = await fetch(`/api/payment/admin/order/${encodeURIComponent(id)}/refund`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${localStorage.getItem("authToken")}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({ kind: "line", lineIndex: 0 }),
      });
      return { status: answer.status, body: (await answer.json()) as { message: string } };
    }, orderId);
    expect(again).toMatchObject({ status: 409, body: { message: "This line is already refunded." } });

    // Goodwill is capped at what is left; cancelling, and moving the order back, ask first too.
    const left = ((await actions.getByTestId("admin-refund-left").textContent()) ?? "").replace("Left to refund: ", "");
    await choice.selectOption("goodwill");
    await actions.getByTestId("admin-refund-amount").fill("100000");
    expect(await actions.getByTestId("admin-refund").isDisabled()).toBe(true);
    await actions.getByTestId("admin-refund-amount-error").getByText(`at most ${left}`).waitFor();
    await actions.getByTestId("admin-cancel").click();
    await dialog.getByTestId("admin-confirm-question").waitFor();
    expect(await dialog.getByTestId("admin-confirm-question").textContent()).toBe(
      `Cancel order ${orderId} and refund ${left} to the customer's original payment method? This cannot be undone.`,
    );
    await dialog.getByTestId("admin-confirm-cancel").click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByTestId("status-select").selectOption("Preparing");
    await page.getByTestId("status-update").click();
    await page.getByTestId("current-order-status").getByText("Preparing").waitFor();
    await page.getByTestId("status-select").selectOption("PAID");
    await page.getByTestId("status-update").click();
    await dialog.getByTestId("admin-confirm-question").getByText(`back from Preparing to PAID`).waitFor();
    await dialog.getByTestId("admin-confirm-cancel").click();
    await dialog.waitFor({ state: "hidden" });
    expect(await page.getByTestId("current-order-status").textContent()).toBe("Preparing");
    await owner.context.close();

    // The shopper's order page, from the confirmation mail's link, shows the refund.
    const confirmation = await maildev.latestTo(email, new RegExp(`order ${orderId} is confirmed$`));
    const shopper = await openShop(browser(), orderLinkIn(confirmation.text, orderId));
    const refund = shopper.page.locator(`[data-testid="refund"][data-refund-id="${orderId}-R1"]`);
    await refund.waitFor({ timeout: 20_000 });
    expect(await refund.textContent()).toContain(linePaid!);
    await shopper.context.close();
  }, 150_000);
});
