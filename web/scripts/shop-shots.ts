/**
 * Screenshots of the running shop (`bash scripts/start.sh`), as a shopper sees it through the gateway with the
 * real catalogue: home at 390 and 1440 px, the cart with three products, a policy page.
 *
 *   node --import tsx web/scripts/shop-shots.ts      SHOP_URL (default http://127.0.0.1:8080), SHOTS_DIR
 */
import { mkdir } from "node:fs/promises";
import { launchChromium } from "../e2e/chromium.ts";
import { threeProductsInCart } from "./shot-steps.ts";

const shopUrl = process.env.SHOP_URL ?? "http://127.0.0.1:8080";
const shotsDir = process.env.SHOTS_DIR ?? "/tmp/shop-shots";

await mkdir(shotsDir, { recursive: true });
const browser = await launchChromium();
try {
  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height }, baseURL: shopUrl });
    const page = await context.newPage();
    await page.goto("/home");
    await page.getByTestId("product-card").first().waitFor();
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: `${shotsDir}/home-${width}-first-screen.png` });
    // Below-the-fold images load lazily: scroll through once so the full-page shot shows them.
    for (const card of await page.getByTestId("product-card").all()) await card.scrollIntoViewIfNeeded();
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: `${shotsDir}/home-${width}.png`, fullPage: true });

    await threeProductsInCart(page);
    await page.goto("/cart");
    await page.getByTestId("cart-item").first().waitFor();
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: `${shotsDir}/cart-${width}.png`, fullPage: true });

    await page.goto("/returnandrefund");
    await page.getByTestId("last-updated").waitFor();
    await page.screenshot({ path: `${shotsDir}/returnandrefund-${width}.png`, fullPage: true });
    await context.close();
  }
  console.log(`screenshots in ${shotsDir}`);
} finally {
  await browser.close();
}
