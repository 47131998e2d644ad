/** Events that show a shopper reaching for something not yet scrolled near (a link to #enquiry, a keyboard's Tab). */
const REACHING = ["pointerdown", "focusin", "keydown"] as const;

/**
 * Resolves when the element with `id` comes within a screen's height of the viewport or is touched, focused or
 * typed into; at once where there is no such element yet (the server, a page React is drawing itself).
 * For code that a server-rendered page shows as HTML but that a shopper may never scroll to: loading it only then
 * spares a phone that work while the page starts.
 */
export function whenNear(id: string): Promise<void> {
  const element = typeof document === "undefined" ? null : document.getElementById(id);
  if (!element || typeof IntersectionObserver === "undefined") return Promise.resolve();
  return new Promise((resolve) => {
    const near = () => {
      observer.disconnect();
      for (const type of REACHING) element.removeEventListener(type, near, true);
      resolve();
    };
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && near(), {
      rootMargin: "100% 0px",
    });
    observer.observe(element);
    for (const type of REACHING) element.addEventListener(type, near, true);
  });
}
