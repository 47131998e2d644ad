import { type ComponentType, memo, Suspense } from "react";

/**
 * `Part` in a Suspense boundary of its own, memoised: on a server-rendered page React takes the page over as soon as
 * everything outside such parts is hydrated, then hydrates each part in tasks of its own (at once, the one a shopper
 * taps). For what a phone's first screen does not need answered first: the product cards (sixteen cards of Chakra
 * components were most of a phone's hydration, about a second at a mid-range phone's speed, before any tap was
 * answered), the sections and the footer below them. Memoised, so a render of the page around it does not update a
 * part still being hydrated (React would have to hydrate it first). The fallback is never shown: nothing inside
 * suspends (a lazy part has its own boundary inside).
 */
export function hydrateApart<Props extends object>(Part: ComponentType<Props>) {
  const Apart = memo(function HydratedApart(props: Props) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  });
  Apart.displayName = `HydrateApart(${Part.displayName ?? Part.name})`;
  return Apart;
}
