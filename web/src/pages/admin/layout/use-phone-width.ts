import { useSyncExternalStore } from "react";

/** Below Chakra's `md` breakpoint (48em, 768 px): the width at which the admin's sidebar becomes a menu. */
const PHONE_WIDTH = "(max-width: 47.99em)";

function subscribe(onChange: () => void) {
  const query = window.matchMedia(PHONE_WIDTH);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/**
 * Whether the screen is a phone's width, following rotation and resizing. Only one of the sidebar and the menu is
 * rendered (rather than both, one hidden by CSS): a link is in the page once, for the owner's screen reader and for
 * the journeys that tap it.
 */
export const usePhoneWidth = () =>
  useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE_WIDTH).matches,
    () => false,
  );
