import { useEffect, useState } from "react";

/**
 * False in the server's render and in the browser's first (hydrating) render, true from the next one on: for what
 * must match the server's HTML at first and may only appear once React owns the page.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
