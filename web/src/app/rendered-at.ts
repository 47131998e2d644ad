import { createContext, useContext } from "react";

/**
 * When the page was rendered on the server (undefined for a page the SPA rendered itself). Whatever depends on the
 * clock (the festive greeting) reads it, so the browser hydrates exactly the markup the server sent.
 */
export const RenderedAtContext = createContext<Date | undefined>(undefined);

export function useRenderedAt(): Date {
  return useContext(RenderedAtContext) ?? new Date();
}
