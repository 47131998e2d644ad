import { mkdirSync } from "node:fs";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { englishLeftIn } from "./english-left.js";

/** The phone the shop is checked on: 390 px wide, as a common Android phone's viewport. */
export const PHONE = { width: 390, height: 844 } as const;

const SCREENSHOTS = new URL("./screenshots/", import.meta.url);

/**
 * Whether the page fits the phone: nothing scrolls sideways (`scrollWidth`), and no visible element's right edge is
 * past the viewport (an element may overflow inside a clipping box, which hides the very amounts a shopper reads, so
 * every element is measured, not only the document). Screenshot kept in e2e/screenshots to look at.
 */
export async function fitsThePhone(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: new URL(`${name}.png`, SCREENSHOTS).pathname, fullPage: true });
  // And the screen as the phone shows it (a full-page shot draws a bar kept at the screen's bottom mid-page).
  await page.screenshot({ path: new URL(`${name}-screen.png`, SCREENSHOTS).pathname });
  const { scrollWidth, width, past } = await page.evaluate(() => {
    const width = window.innerWidth;
    const past: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll("*"))) {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      // Not drawn, or drawn as nothing: a hidden input, a visually hidden label (1 px, clipped).
      if (box.width <= 1 || box.height <= 1 || style.visibility === "hidden" || style.display === "none") continue;
      if (box.right > width + 0.5 || box.left < -0.5) {
        const id = element.getAttribute("data-testid") ?? element.id;
        past.push(
          `${element.tagName.toLowerCase()}${id ? `[${id}]` : ""} ${Math.round(box.left)}..${Math.round(box.right)}`,
        );
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, past };
  });
  expect(scrollWidth, `${name} scrolls sideways`).toBeLessThanOrEqual(width);
  expect(past, `${name}: elements past the phone's edge`).toEqual([]);
}

/** Whether `target` is on screen and nothing fixed lies over its centre (a toast, a bar): a tap there reaches it. */
export async function notCovered(target: Locator, { scroll = true } = {}): Promise<boolean> {
  if (scroll) await target.scrollIntoViewIfNeeded();
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return false;
    const top = document.elementFromPoint(x, y);
    return top !== null && (top === element || element.contains(top));
  });
}

/**
 * The English words left in a Marathi page's parts, judged as the Marathi scan judges a page (english-left.ts) with
 * nothing allowed: none is expected in the order's status, steps, timeline and lines, whose data (zone, slot,
 * product names) has Marathi too.
 */
export async function latinWordsIn(page: Page, testIds: readonly string[]): Promise<string[]> {
  const words: string[] = [];
  for (const testId of testIds) {
    for (const part of await page.getByTestId(testId).all())
      words.push(...englishLeftIn(await part.innerText(), new Set()).map((word) => `${testId}: ${word}`));
  }
  return words;
}
