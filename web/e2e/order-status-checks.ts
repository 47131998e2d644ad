import {
  addDays,
  formattingLocale,
  indiaDayKey,
  indiaDayLabel,
  type Language,
  SHOP,
  shopIn,
  shopPhoneHref,
} from "@storefront/contracts";
import type { Page } from "playwright-core";
import { expect } from "vitest";

/** What each way of getting the order says, in each language (the seeded zones' slots and their Marathi labels). */
export const KINDS = {
  local: {
    slotId: "17-20",
    slot: { en: "5 pm - 8 pm", mr: "सायंकाळी 5 ते रात्री 8" },
    onItsWay: { en: "Out for delivery", mr: "डिलिव्हरीसाठी निघाली" },
  },
  pickup: {
    slotId: "17-21",
    slot: { en: "5 pm - 9 pm", mr: "सायंकाळी 5 ते रात्री 9" },
    onItsWay: { en: "Ready for pickup", mr: "घेऊन जाण्यासाठी तयार" },
  },
} as const;

/** The order status block's checks, on the confirmation and on the order page: step, when, where, the shop's links. */
export async function showsTheStatus(
  page: Page,
  orderId: string,
  kind: keyof typeof KINDS,
  language: Language,
  step: string,
) {
  const status = page.getByTestId("order-status");
  await status.waitFor({ timeout: 20_000 });
  expect(await status.getAttribute("data-kind")).toBe(kind);
  const current = status.locator('[data-testid="order-step"][data-state="current"]');
  expect(await current.getAttribute("data-step")).toBe(step);
  const tomorrow = addDays(indiaDayKey(new Date()), 1);
  expect(await status.getByTestId("order-when-text").textContent()).toBe(
    `${indiaDayLabel(tomorrow, formattingLocale(language))}, ${KINDS[kind].slot[language]}`,
  );
  const where = (await status.getByTestId("order-where-text").textContent()) ?? "";
  if (kind === "pickup") expect(where).toBe(shopIn(language).address);
  else expect(where).toContain("House 12, Shivaji Nagar");
  expect(await status.getByTestId("order-call").getAttribute("href")).toBe(shopPhoneHref);
  const whatsApp = (await status.getByTestId("order-whatsapp").getAttribute("href")) ?? "";
  expect(whatsApp.startsWith(`https://wa.me/${SHOP.whatsAppNumber}?text=`)).toBe(true);
  expect(decodeURIComponent(whatsApp.split("?text=")[1] ?? "")).toContain(orderId);
  expect(await status.getByTestId("order-next").textContent()).not.toBe("");
}
