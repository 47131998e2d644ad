import { eventually, type maildev } from "@storefront/testing";
import type { Page } from "playwright-core";

/** The newest email to `to` whose subject matches, from MailDev (the shop's SMTP in every local run). */
export async function latestMailTo(to: string, subject: RegExp, after = 0) {
  return eventually(
    async () => {
      const response = await fetch(`${process.env.MAILDEV_API_URL ?? "http://127.0.0.1:1080"}/email`);
      const emails = (await response.json()) as Awaited<ReturnType<typeof maildev.withSubject>>;
      const mine = emails.filter((email) => email.to.some((t) => t.address === to) && subject.test(email.subject));
      return mine.length > after ? mine[mine.length - 1] : undefined;
    },
    { what: `an email to ${to} matching ${subject}`, timeoutMs: 20_000 },
  );
}

/** The 6-digit code of the newest OTP mail to `to`. */
export async function otpFrom(to: string, after = 0): Promise<string> {
  const mail = await latestMailTo(to, /verification code$/, after);
  const code = /\b(\d{6})\b/.exec(mail.subject)?.[1];
  if (!code) throw new Error(`no code in "${mail.subject}"`);
  return code;
}

/** Walks the address cascade: waits for each list to hold the value, then picks it. */
export async function pickPlace(
  page: Page,
  place: { state?: string; district: string; city: string; pincode: string; area: string },
): Promise<void> {
  for (const [level, value] of Object.entries({ state: place.state ?? "Maharashtra", ...place })) {
    if (!value) continue;
    const select = page.getByTestId(`cascade-${level}`);
    await select.locator(`option[value="${value}"]`).waitFor({ state: "attached", timeout: 15_000 });
    await select.selectOption(value);
  }
}

export const PUNE = { district: "Pune", city: "Pune City", pincode: "411001", area: "Ghorpuri Bazar" };
export const HAVELI = { district: "Pune", city: "Haveli", pincode: "411023", area: "Shivane" };

/** Puts one unit of the first product in the cart from home (the payment page needs a cart). */
export async function fillCart(page: Page, units = 1): Promise<void> {
  await page.goto("/home");
  const first = page.getByTestId("product-card").first();
  await first.getByTestId("add-to-cart").click();
  for (let unit = 1; unit < units; unit++) await first.getByTestId("increase-quantity").click();
  await page.getByTestId("cart-badge").getByText(String(units), { exact: true }).waitFor();
}
