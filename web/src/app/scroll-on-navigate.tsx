import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router-dom";

/** How far each page of this visit was scrolled, by its history entry: going back returns there. */
const scrolledTo = new Map<string, number>();

/**
 * The scroll position across the SPA's navigations: a new page starts at its top (or at the element its #hash
 * names), going back or forward returns where that page was left. The page the browser loaded keeps the scroll the
 * shopper gave it: React Router's ScrollRestoration scrolled to the top when it first mounted, which on a server-rendered
 * page is the end of hydration, so a shopper who had already scrolled on a slow phone was thrown back to the banner
 * and the tap they were making landed on it (web/e2e/early-taps.e2e.test.ts).
 */
export function ScrollOnNavigate() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef<string | null>(null);

  useLayoutEffect(() => {
    const previous = shown.current;
    shown.current = location.key;
    if (previous === null || previous === location.key) return;
    if (navigationType === "POP") {
      window.scrollTo(0, scrolledTo.get(location.key) ?? 0);
    } else if (location.hash) {
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    } else {
      window.scrollTo(0, 0);
    }
  }, [location.key, location.hash, navigationType]);

  useEffect(() => {
    // From now on the SPA places the page on back and forward, not the browser (which would do it before React
    // has drawn the page it returns to).
    window.history.scrollRestoration = "manual";
    const remember = () => scrolledTo.set(location.key, window.scrollY);
    remember();
    window.addEventListener("scroll", remember, { passive: true });
    return () => window.removeEventListener("scroll", remember);
  }, [location.key]);

  return null;
}
