import { ChakraProvider, type SystemContext } from "@chakra-ui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ComponentType, type ReactNode, Suspense, useEffect, useState } from "react";
import { LanguageProvider, type ShopLanguage } from "../i18n/i18n";
import { withRestOfMessages } from "../i18n/rest-of-messages";
import { RenderedAtContext } from "./rendered-at";
import { shopSystem } from "./theme";
import { useHydrated } from "./use-hydrated";

/**
 * Server data is loaded and cached by TanStack Query everywhere (products, account, addresses, the postal cascade):
 * one cache, deduplicated requests, and a failed load that reaches the spec's error toast through the API client.
 * A failed call is not retried by the query layer: the client already told the visitor, and retrying a 4xx is noise.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

const loadToaster = withRestOfMessages(() => import("../toast/Toaster"));

/**
 * The toast region is not part of any page: it loads once React has the page, and mounts when its code is there. A
 * toast raised before then waits in the toaster's store and shows when the region mounts. Not a `lazy` component in
 * a Suspense boundary: showing that boundary's (empty) fallback would make React hold back, by its 300 ms throttle of
 * Suspense reveals, the hydration still under way (the page answered taps that much later).
 */
function ToastRegion() {
  const hydrated = useHydrated();
  const [Toaster, setToaster] = useState<ComponentType>();
  useEffect(() => {
    if (!hydrated) return;
    // Code that cannot be fetched (the phone went offline) leaves the toasts waiting in the store, the page working.
    const showToasts = (module: { default: ComponentType }) => setToaster(() => module.default);
    loadToaster().then(showToasts, () => {});
  }, [hydrated]);
  return Toaster ? <Toaster /> : null;
}

interface ProvidersProps {
  children: ReactNode;
  /** The server renders each page with a cache of its own. */
  client?: QueryClient;
  /** Set when rendering on the server, and when hydrating what the server rendered. */
  renderedAt?: Date | undefined;
  /** Chakra's system: the shop's theme unless told otherwise (boot.tsx hydrates without the global styles). */
  system?: SystemContext;
  /** The page's language and its messages (from its address: boot.tsx, entry-server.tsx). */
  language: ShopLanguage;
}

export function Providers({
  children,
  client = queryClient,
  renderedAt,
  system = shopSystem(),
  language,
}: ProvidersProps) {
  return (
    <LanguageProvider value={language}>
      <QueryClientProvider client={client}>
        <ChakraProvider value={system}>
          <RenderedAtContext.Provider value={renderedAt}>
            {/* The page below the providers is a Suspense boundary so that hydrating it is not one blocking task: React
            hydrates a boundary in slices of a few milliseconds, yielding to taps in between, where everything
            outside a boundary hydrates at once. It never shows its (empty) fallback: pages suspend inside Layout. */}
            <Suspense fallback={null}>{children}</Suspense>
          </RenderedAtContext.Provider>
          <ToastRegion />
        </ChakraProvider>
      </QueryClientProvider>
    </LanguageProvider>
  );
}
