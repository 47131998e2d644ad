/**
 * Looks at the built SPA the way a person would: serves `web/dist` with `vite preview`, fakes the catalogue API,
 * drives Debian's Chromium and writes screenshots, then prints the product grid's column count at the spec's
 * widths (section 2) and fails when one is wrong.
 *
 *   npm run build -w web && node --import tsx web/scripts/preview-shots.ts
 *
 * SHOTS_DIR (default /tmp/web-shots), PREVIEW_PORT (default 4173), CHROMIUM (default /usr/bin/chromium).
 * An already running preview on the port is reused.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page, Route } from "playwright-core";
import { launchChromium } from "../e2e/chromium.ts";
import { threeProductsInCart } from "./shot-steps.ts";

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const shotsDir = process.env.SHOTS_DIR ?? "/tmp/web-shots";
const port = Number(process.env.PREVIEW_PORT ?? 4173);
const baseUrl = `http://127.0.0.1:${port}`;

/** Spec section 2: under 670 one column, under 1050 two, under 1462 three, under 1638 four, otherwise five. */
const expectedColumns: Array<[width: number, columns: number]> = [
  [600, 1],
  [669, 1],
  [670, 2],
  [1000, 2],
  [1200, 3],
  [1500, 4],
  [1637, 4],
  [1700, 5],
];

const names: Array<[string, string, number, number]> = [
  ["Ukadiche Modak", "Steamed rice-flour modak filled with coconut and jaggery.", 18000, 34000],
  ["Besan Ladoo", "Roasted gram flour, pure ghee and cardamom.", 16000, 30000],
  ["Bhajani Chakli", "Crisp spirals of roasted multigrain bhajani flour.", 12000, 22000],
  ["Poha Chivda", "Thin poha with peanuts, curry leaves and a little sugar.", 9000, 17000],
  ["Til-Gul Ladoo", "Sesame and jaggery ladoo for Makar Sankranti.", 11000, 20000],
  ["Puran Poli", "", 15000, 28000],
  ["Shankarpali", "Sweet, flaky diamonds fried in ghee.", 10000, 19000],
  ["Karanji", "Crescent pastries stuffed with coconut, poppy seed and sugar.", 14000, 26000],
  ["Kesar Pedha", "Milk pedha with saffron, a temple favourite.", 20000, 38000],
  ["Amba Barfi", "Alphonso mango barfi from Ratnagiri pulp.", 22000, 42000],
  ["Bakarwadi", "Spicy, sweet and tangy rolls with a crunchy bite.", 13000, 24000],
  ["Makhana Chivda", "Roasted fox nuts with dry fruits, light and crisp.", 17000, 32000],
  ["Shrikhand", "Hung curd with saffron and cardamom. Keep refrigerated.", 19000, 36000],
  ["Kadboli", "Hand-rolled ring-shaped savoury made with rice and lentil flours.", 12500, 23500],
];

/** The catalogue's own product drawings when this checkout has them, so the shots show what shoppers will see. */
const drawingsDir = resolve(webDir, "../services/catalogue/assets/products");
const drawings = existsSync(drawingsDir) ? readdirSync(drawingsDir).filter((file) => file.endsWith(".svg")) : [];

const products = names.map(([name, description, weight250GmPrice, weight500GmPrice], index) => ({
  productId: `p${String(index + 1).padStart(2, "0")}`,
  name,
  description,
  image: `/api/v1/products/images/${drawings.length > 0 ? drawings[index % drawings.length] : `p${index + 1}.svg`}`,
  features: ["Made fresh in Wai", "No artificial colours"],
  price: weight250GmPrice,
  weight250GmPrice,
  weight500GmPrice,
  selectedWeight: "250 Gram",
  selectedQuantity: 0,
}));

async function productImage(route: Route): Promise<void> {
  const file = decodeURIComponent(new URL(route.request().url()).pathname.split("/").pop() ?? "");
  if (drawings.includes(file)) {
    return route.fulfill({ contentType: "image/svg+xml", body: await readFile(join(drawingsDir, file)) });
  }
  const hue = (Number(file.match(/p(\d+)\.svg$/)?.[1] ?? 1) * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300"><rect width="400" height="300" fill="hsl(${hue} 70% 85%)"/><circle cx="200" cy="165" r="80" fill="hsl(${hue} 60% 60%)"/><ellipse cx="200" cy="245" rx="140" ry="22" fill="hsl(${hue} 40% 45%)"/></svg>`;
  return route.fulfill({ status: 200, contentType: "image/svg+xml", body: svg });
}

let enquiryAnswer: "accept" | "fail" = "accept";

async function fakeApi(page: Page, options: { failProducts?: boolean } = {}) {
  await page.route("**/api/v1/products", (route) =>
    options.failProducts
      ? route.fulfill({ status: 503, json: { status: 503, code: "UNAVAILABLE", message: "Catalogue is resting" } })
      : route.fulfill({ status: 200, json: products }),
  );
  await page.route("**/api/v1/products/images/**", productImage);
  await page.route("**/api/v1/enquiry", (route) =>
    enquiryAnswer === "accept"
      ? route.fulfill({ status: 201, json: { enquiryId: "enq-1", message: "Enquiry received" } })
      : route.fulfill({ status: 500, json: { status: 500, code: "INTERNAL", message: "Mail server down" } }),
  );
}

async function isUp(): Promise<boolean> {
  try {
    return (await fetch(baseUrl)).ok;
  } catch {
    return false;
  }
}

async function startPreview(): Promise<ChildProcess | undefined> {
  if (await isUp()) return undefined;
  const preview = spawn("npx", ["vite", "preview", "--port", String(port), "--strictPort", "--host", "127.0.0.1"], {
    cwd: webDir,
    stdio: "inherit",
    detached: true,
  });
  for (let tries = 0; tries < 100; tries++) {
    if (await isUp()) return preview;
    await new Promise((done) => setTimeout(done, 200));
  }
  stopPreview(preview);
  throw new Error(`vite preview did not answer on ${baseUrl}; did you run npm run build -w web?`);
}

function stopPreview(preview: ChildProcess | undefined) {
  // The preview was started in its own process group: end that group (npx and the vite it started), nothing else.
  if (preview?.pid) process.kill(-preview.pid, "SIGTERM");
}

/** The policy the gateway will send (served here on every document, so a violation shows up in this run). */
const contentSecurityPolicy =
  "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'self'";
const cspViolations: string[] = [];

async function newPage(browser: Browser, width: number, height = 900, options: { failProducts?: boolean } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  page.on("pageerror", (error) => console.error(`  page error: ${error.message}`));
  page.on("console", (message) => {
    // Chromium splits some reports: a refused eval may arrive as just "Note that 'script-src' was not set...".
    if (/Content Security Policy|Refused to|violates|'script-src'/i.test(message.text())) {
      cspViolations.push(message.text());
    }
    if (message.type() === "error") console.error(`  console: ${message.text()}`);
  });
  await page.route("**/*", async (route) => {
    if (route.request().resourceType() !== "document") return route.fallback();
    const response = await route.fetch();
    return route.fulfill({
      response,
      headers: { ...response.headers(), "content-security-policy": contentSecurityPolicy },
    });
  });
  await fakeApi(page, options);
  return page;
}

async function openHome(page: Page) {
  await page.goto(`${baseUrl}/home`);
  await page.getByTestId("product-card").first().waitFor();
}

async function shot(page: Page, name: string, fullPage = false) {
  await page.screenshot({ path: join(shotsDir, `${name}.png`), fullPage });
  console.log(`  ${name}.png`);
}

async function gridColumns(browser: Browser): Promise<boolean> {
  const page = await newPage(browser, 1700);
  await openHome(page);
  let allRight = true;
  console.log("grid columns by window width:");
  for (const [width, expected] of expectedColumns) {
    await page.setViewportSize({ width, height: 900 });
    const tracks = await page
      .getByTestId("product-grid")
      .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(" ").length);
    const right = tracks === expected;
    allRight &&= right;
    console.log(`  ${width}px: ${tracks} ${right ? "ok" : `WRONG (spec: ${expected})`}`);
  }
  await page.context().close();
  return allRight;
}

/** Lazy images load only near the viewport: walk down the page so a full-page shot shows them all. */
async function scrollThrough(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(50);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForLoadState("networkidle");
}

/** A viewport-sized shot with the element at the top: full-page shots of a phone are too tall to read. */
async function shotAt(page: Page, selector: string, name: string) {
  await page
    .locator(selector)
    .first()
    .evaluate((element) => element.scrollIntoView({ block: "start" }));
  await page.waitForTimeout(100);
  await shot(page, name);
}

async function homeAndMenu(browser: Browser) {
  for (const width of [390, 1440, 1700]) {
    const page = await newPage(browser, width);
    await openHome(page);
    await scrollThrough(page);
    await shot(page, `home-${width}`, true);
    await shot(page, `home-${width}-top`);
    await shotAt(page, "#products", `home-${width}-products`);
    await shotAt(page, "#contact", `home-${width}-contact`);
    await shotAt(page, "#about", `home-${width}-about`);
    if (width === 390) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByTestId("navbar-menu-toggle").click();
      await shot(page, "menu-390-open");
    }
    await page.context().close();
  }
}

async function cartJourney(browser: Browser) {
  const page = await newPage(browser, 1440);
  await openHome(page);
  const cards = await threeProductsInCart(page);
  for (let i = 0; i < 10; i++) await cards.nth(5).getByTestId("increase-quantity").click();
  await page.getByTestId("toast").first().waitFor();
  await page.waitForTimeout(1200); // the toast eases in over 1000 ms
  await shot(page, "home-cart-limit-toast");
  console.log(`  badge: ${await page.getByTestId("cart-badge").textContent()}`);

  await page.reload();
  await page.getByTestId("product-card").first().waitFor();
  console.log(`  pending-order warning after reload: ${await page.getByTestId("pending-order-warning").isVisible()}`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, "home-pending-order");

  await page.getByTestId("cart-link").click();
  await page.getByTestId("cart-item").first().waitFor();
  await shot(page, "cart-1440", true);
  await page.setViewportSize({ width: 390, height: 900 });
  await shot(page, "cart-390", true);
  await page.context().close();

  const empty = await newPage(browser, 390);
  await empty.goto(`${baseUrl}/cart`);
  await empty.getByTestId("checkout").click();
  await empty.getByTestId("toast").first().waitFor();
  await empty.getByTestId("checkout").click(); // a duplicate: must not show a second toast
  await empty.waitForTimeout(1200);
  console.log(`  empty-cart checkout toasts after two clicks: ${await empty.getByTestId("toast").count()}`);
  await shot(empty, "cart-empty-390-toast");
  await empty.context().close();
}

/**
 * Fills the home's enquiry form with `fields` (by input name) and sends it, the faked API answering `answer`; waits
 * for the result's modal and `settle` ms of its easing in, for the shot.
 */
async function sendEnquiry(page: Page, fields: Record<string, string>, answer: typeof enquiryAnswer, settle: number) {
  const form = page.locator("#enquiry");
  for (const [name, value] of Object.entries(fields)) await form.locator(`[name="${name}"]`).fill(value);
  enquiryAnswer = answer;
  await page.getByTestId("enquiry-submit").click();
  await page.getByTestId("enquiry-result").waitFor();
  await page.waitForTimeout(settle);
}

async function enquiry(browser: Browser) {
  const page = await newPage(browser, 1440);
  await openHome(page);
  const form = page.locator("#enquiry");
  await form.scrollIntoViewIfNeeded();
  await form.locator('[name="name"]').fill("Jo");
  await form.locator('[name="email"]').fill("not-an-email");
  await form.locator('[name="mobile"]').fill("98220");
  await form.locator('[name="message"]').focus();
  await form.locator('[name="name"]').focus();
  await shotAt(page, "#enquiry", "enquiry-errors");

  const sunita = { name: "Sunita Deshpande", mobile: "9822012345" };
  await sendEnquiry(
    page,
    { ...sunita, email: "sunita@example.in", message: "Need 5 kg of ukadiche modak for Ganeshotsav on 7 September." },
    "accept",
    400,
  );
  await shot(page, "enquiry-success");
  await page.getByTestId("enquiry-ok").click();
  // The form resets once the modal has closed, so an empty form means the modal is gone.
  await page.waitForFunction(() => (document.querySelector('[name="name"]') as HTMLInputElement).value === "");
  const modalGone = !(await page.getByText("Enquiry Notification Send Successfully").isVisible());
  console.log(`  form reset after Ok, modal gone: ${modalGone}`);

  await sendEnquiry(page, { ...sunita, message: "Do you deliver to Pune?" }, "fail", 1200);
  await shot(page, "enquiry-failure");
  await page.context().close();

  const mobile = await newPage(browser, 390);
  await openHome(mobile);
  await mobile.locator("#enquiry").scrollIntoViewIfNeeded();
  await mobile.locator('[name="mobile"]').fill("12");
  await mobile.locator('[name="message"]').focus();
  await shot(mobile, "enquiry-390");
  await mobile.context().close();
}

async function otherPages(browser: Browser) {
  for (const [path, name] of [
    ["privacypolicy", "policy-privacy"],
    ["contactus", "policy-contact"],
    ["shipping", "policy-shipping"],
    ["checkoutuser", "coming-soon"],
    ["payment-detail/1730000000000abcdef", "coming-soon-order"],
    ["no-such-page", "not-found"],
  ] as const) {
    for (const width of [390, 1440]) {
      const page = await newPage(browser, width);
      await page.goto(`${baseUrl}/${path}`);
      await page.locator("h1").first().waitFor();
      await shot(page, `${name}-${width}`, width > 390);
      if (width === 390) await shotAt(page, "footer", `${name}-390-footer`);
      await page.context().close();
    }
  }
  const failing = await newPage(browser, 1440, 900, { failProducts: true });
  await failing.goto(`${baseUrl}/home`);
  await failing.getByTestId("toast").first().waitFor();
  await failing.waitForTimeout(1200);
  await shot(failing, "home-products-failed");
  await failing.context().close();
}

/** The navbar folds below 600px (spec sections 2 and 9), and a stored token shows Dashboard and Signout. */
async function navbar(browser: Browser): Promise<boolean> {
  const page = await newPage(browser, 599);
  await openHome(page);
  const toggle = page.getByTestId("navbar-menu-toggle");
  const folded599 = await toggle.isVisible();
  await page.setViewportSize({ width: 600, height: 900 });
  const folded600 = await toggle.isVisible();
  console.log(`navbar menu toggle visible at 599px: ${folded599}, at 600px: ${folded600}`);

  await page.evaluate(() => localStorage.setItem("authToken", "preview-token"));
  await page.reload();
  await page.getByTestId("product-card").first().getByTestId("add-to-cart").click();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, "navbar-signed-in-1440");
  await page.setViewportSize({ width: 390, height: 900 });
  await toggle.click();
  await shot(page, "navbar-signed-in-390-open");
  await page.getByTestId("signout").click();
  await page.waitForURL("**/home");
  const cleared = await page.evaluate(
    () => localStorage.getItem("authToken") === null && !localStorage.getItem("storefront-cart")?.includes("p01"),
  );
  const loginShown = await page.getByRole("link", { name: "Login" }).isVisible();
  console.log(`signout cleared token and cart: ${cleared}, Login shown again: ${loginShown}`);
  await page.context().close();
  return folded599 && !folded600 && cleared;
}

async function main() {
  await mkdir(shotsDir, { recursive: true });
  const preview = await startPreview();
  const browser = await launchChromium();
  try {
    const columnsRight = await gridColumns(browser);
    const navbarRight = await navbar(browser);
    console.log(`screenshots in ${shotsDir}:`);
    await homeAndMenu(browser);
    await cartJourney(browser);
    await enquiry(browser);
    await otherPages(browser);
    console.log(`content security policy violations: ${cspViolations.length}`);
    if (!columnsRight || !navbarRight || cspViolations.length > 0) process.exitCode = 1;
  } finally {
    await browser.close();
    stopPreview(preview);
  }
}

await main();
