import { mkdirSync } from "node:fs";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

/**
 * What "fits a phone" means for a page (docs/phone-pages.md): nothing that shows extends past the viewport's right
 * edge (a table in a sideways-scrolling box counts: its Total column is off screen all the same), and the page itself
 * does not scroll sideways. Looked at after the page has its content; a screenshot is kept to be looked at.
 */

const SCREENSHOTS = new URL("./screenshots/", import.meta.url);

/** The visible elements whose right or left edge is past the viewport, named so a failure says which. */
export const overflowingElements = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const shown = (element: Element) => {
      const style = getComputedStyle(element);
      return style.display !== "none" && style.visibility !== "hidden" && Number(style.opacity) !== 0;
    };
    const name = (element: Element) => {
      const id = element.getAttribute("data-testid");
      const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      return `${element.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ""} "${text}"`;
    };
    const offenders: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll("*"))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || !shown(element)) continue;
      // Screen-reader-only text is clipped to a pixel by design.
      if (box.width <= 1 && box.height <= 1) continue;
      if (box.right > width + 1 || box.left < -1) {
        // Report the outermost offender only: its children overflow with it.
        const parent = element.parentElement?.getBoundingClientRect();
        if (parent && (parent.right > width + 1 || parent.left < -1) && element.parentElement !== document.body)
          continue;
        offenders.push(`${name(element)} spans ${Math.round(box.left)}..${Math.round(box.right)} of ${width}`);
      }
    }
    return { offenders, scrollWidth: document.documentElement.scrollWidth, width };
  });

/** Fails when anything on the page is wider than the phone; keeps a full-page screenshot as `<name>.png`. */
export async function expectFitsPhone(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: new URL(`phone-${name}.png`, SCREENSHOTS).pathname, fullPage: true });
  const { offenders, scrollWidth, width } = await overflowingElements(page);
  expect(offenders, `${name}: elements past the ${width} px screen`).toEqual([]);
  expect(scrollWidth, `${name} scrolls sideways`).toBeLessThanOrEqual(width);
}

/** Fails when a fixed or floating element (a toast, a banner) lies over the control's centre, so a tap misses it. */
export async function expectUncovered(control: Locator, name: string) {
  await control.scrollIntoViewIfNeeded();
  const covering = await control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top && (element === top || element.contains(top)) ? null : (top?.outerHTML.slice(0, 120) ?? "nothing");
  });
  expect(covering, `${name} is covered`).toBeNull();
}
