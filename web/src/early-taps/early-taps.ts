import { isWeight } from "@storefront/contracts/plain";
import { addFromCard, chooseWeight } from "../cart/card-choices";
import type { Product } from "../contracts";
import { forgetKept, readKeptJson } from "../storage/kept";

/**
 * Taps made on a server-rendered page before the app woke up (docs/early-taps.md). `capture.js`, inline in the page's
 * head, keeps them; the app takes them when React takes the page over and applies each once, in order.
 */

/**
 * What a marked control does; `data-early` names it (the capture script records the name, not the meaning). Only
 * controls in a server-rendered page's HTML need a mark: the cards' steppers, for one, appear only once React draws the
 * stored cart.
 */
export type EarlyAction = "add" | "weight" | "checkout" | "menu";

/** The attributes that mark a control whose taps the capture script keeps until the app answers it. */
export function earlyTap(action: EarlyAction, productId?: string) {
  return productId === undefined ? { "data-early": action } : { "data-early": action, "data-early-id": productId };
}

/** The attribute that marks a form whose left fields the capture script notes, under `name`. */
export const earlyForm = (name: string) => ({ "data-early-form": name });

/**
 * One kept tap: a control's action, its product, the value a select was set to, which of the same controls it was;
 * for a followed link its href. `earlier` when it was made on a page left before it woke up.
 */
interface EarlyTap {
  action: string;
  id: string;
  value: string;
  index: number;
  earlier?: boolean;
}

declare global {
  interface Window {
    /** Set by capture.js on a server-rendered page; absent on the SPA shell and on the server. */
    __storefrontEarlyTaps?: { take(group: string): unknown[] };
  }
}

/** The marked controls' group in capture.js; each marked form is a group of its own, by its name. */
const CONTROLS = "page";
/** Where capture.js keeps the page's taps for the next page, should this one be left before it wakes up. */
const KEPT = "storefront-early-taps";

const isEarlyTap = (tap: unknown): tap is EarlyTap =>
  typeof tap === "object" &&
  tap !== null &&
  typeof (tap as EarlyTap).action === "string" &&
  typeof (tap as EarlyTap).id === "string";

/** The taps kept for `group`, once; from this call on the app answers that group's controls itself. */
export function takeEarlyTaps(group: string): EarlyTap[] {
  if (typeof window === "undefined") return [];
  return (window.__storefrontEarlyTaps?.take(group) ?? []).filter(isEarlyTap);
}

/** Taps a page left before it woke up handed over, read by a page that has no capture script (the SPA shell). */
function handedOverTaps(): EarlyTap[] {
  const kept = readKeptJson<unknown>(KEPT, "session");
  return Array.isArray(kept) ? kept.filter(isEarlyTap).map((tap) => ({ ...tap, earlier: true })) : [];
}

let heldPageTaps: EarlyTap[] = [];

/**
 * Called in the task that starts React, just before it takes the page: the capture script stops, and React answers
 * every tap from then on (a tap on a part it has not hydrated yet makes it hydrate that part first). The taps kept so
 * far, with those a page left earlier handed over, wait for {@link replayHeldPageTaps}.
 */
export function holdPageTaps(): void {
  heldPageTaps = window.__storefrontEarlyTaps ? takeEarlyTaps(CONTROLS) : handedOverTaps();
}

/**
 * Once React has the page (Layout's effect): each held tap once, in the order it was made. Cart taps go to the cart
 * through the card's own actions (an Add tapped twice before the app woke is two units, as tapped). A tap on anything
 * else (the menu, Checkout, a link) is a click on the same control, now React's; those of a page left earlier are
 * dropped, their page is gone.
 */
export async function replayHeldPageTaps(products: () => Promise<readonly Product[]>): Promise<void> {
  const taps = heldPageTaps;
  heldPageTaps = [];
  forgetKept([KEPT], "session");
  if (taps.length === 0) return;
  const catalogue = taps.some((tap) => tap.action === "add") ? await products() : [];
  for (const tap of taps) {
    if (tap.action === "add") {
      const product = catalogue.find((candidate) => candidate.productId === tap.id);
      if (product) addFromCard(product);
    } else if (tap.action === "weight") {
      if (isWeight(tap.value)) chooseWeight(tap.id, tap.value);
    } else if (!tap.earlier) {
      clickAgain(tap);
    }
  }
}

function clickAgain(tap: EarlyTap): void {
  if (tap.action === "link") {
    const links = [...document.querySelectorAll<HTMLAnchorElement>("a[href]")];
    links.find((link) => link.getAttribute("href") === tap.id)?.click();
  } else {
    document.querySelectorAll<HTMLElement>(`[data-early="${CSS.escape(tap.action)}"]`)[tap.index]?.click();
  }
}
