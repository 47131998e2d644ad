import type { SystemContext } from "@chakra-ui/react";
import { hydrate } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { nextTask } from "./app/next-task";
import { readPageState } from "./app/page-state";
import { Providers, queryClient } from "./app/providers";
import { refreshPageDataWhenIdle } from "./app/refresh-page-data";
import { appRoutes } from "./app/routes";
import { shopSystem, shopSystemWithoutGlobalStyles } from "./app/theme";
import { holdPageTaps } from "./early-taps/early-taps";

/** Starts the SPA in `root`: hydrates a page the gateway rendered, renders any other. */
export async function boot(root: HTMLElement): Promise<void> {
  // A public page the gateway rendered (entry-server.tsx) comes with the data it was rendered with: the query cache
  // starts from it, and React takes over the markup already on screen instead of drawing the page again.
  const pageState = readPageState(document);
  if (!pageState) {
    holdPageTaps();
    createRoot(root).render(app(shopSystem()));
    return;
  }
  hydrate(queryClient, pageState.queries);
  refreshPageDataWhenIdle(queryClient);
  // On a phone, loading the code, building Chakra's system and hydrating are each tens of milliseconds: three tasks,
  // not one long one during which the page already on screen would ignore a tap.
  await nextTask();
  const system = shopSystemWithoutGlobalStyles();
  await nextTask();
  // In the same task as hydrateRoot, so no tap falls between the capture script and React.
  holdPageTaps();
  hydrateRoot(root, app(system, new Date(pageState.renderedAt)));
}

function app(system: SystemContext, renderedAt?: Date) {
  return (
    <StrictMode>
      <Providers renderedAt={renderedAt} system={system}>
        {/* Navigations render at once rather than as interruptible transitions: what a link leads to is on screen
          by the time the address bar changes. A lazy page shows the layout's spinner while its chunk loads. */}
        <RouterProvider router={createBrowserRouter(appRoutes)} useTransitions={false} />
      </Providers>
    </StrictMode>
  );
}
