import { lazy } from "react";

/**
 * The catalogs' second part (i18n/catalog-parts.ts), loaded once, beside the code of the first page that needs it:
 * every page the router loads lazily, and the toasts. boot.tsx says how to load it; the server renders with both
 * parts at once.
 */
let loader: (() => Promise<void>) | undefined;
let loading: Promise<void> | undefined;

export function loadRestOfMessagesWith(load: () => Promise<void>): void {
  loader = load;
}

export const restOfMessages = (): Promise<void> => {
  loading ??= loader ? loader() : Promise.resolve();
  return loading;
};

/** A lazily loaded module that shows only once the catalogs' second part is there too. */
export const withRestOfMessages = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  return () => Promise.all([load(), restOfMessages()]).then(([module]) => module);
};

/** Any component React's `lazy` takes (its own bound, whatever props). */
type LazyComponent = Awaited<ReturnType<Parameters<typeof lazy>[0]>>["default"];

/** A lazily loaded component (a page, a dialog) that shows only once the catalogs' second part is there too. */
export const lazyWithRestOfMessages = <Component extends LazyComponent>(load: () => Promise<{ default: Component }>) =>
  lazy(withRestOfMessages(load));
