/**
 * Styles of a part of a long page that the browser lays out and paints only when it is scrolled near
 * (`content-visibility: auto`), so a phone's first paint is not spent on what it cannot show. `estimatedHeight` (CSS)
 * stands in for its height until then, which keeps the scrollbar honest; the browser remembers the real one after.
 */
export const offscreenUntilNear = (estimatedHeight: string) =>
  ({ contentVisibility: "auto", containIntrinsicSize: `auto ${estimatedHeight}` }) as const;
