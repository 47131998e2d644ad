import { ChakraProvider } from "@chakra-ui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Toaster } from "../toast/Toaster";
import { system } from "./theme";

/**
 * Server data is loaded and cached by TanStack Query everywhere (products, account, addresses, the postal cascade):
 * one cache, deduplicated requests, and a failed load that reaches the spec's error toast through the API client.
 * A failed call is not retried by the query layer: the client already told the visitor, and retrying a 4xx is noise.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ChakraProvider value={system}>
        {children}
        <Toaster />
      </ChakraProvider>
    </QueryClientProvider>
  );
}
