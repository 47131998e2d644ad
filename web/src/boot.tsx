import { hydrate } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { readPageState } from "./app/page-state";
import { Providers, queryClient } from "./app/providers";
import { appRoutes } from "./app/routes";

/** Starts the SPA in `root`: hydrates a page the gateway rendered, renders any other. */
export function boot(root: HTMLElement): void {
  // A public page the gateway rendered (entry-server.tsx) comes with the data it was rendered with: the query cache
  // starts from it, and React takes over the markup already on screen instead of drawing the page again.
  const pageState = readPageState(document);
  if (pageState) hydrate(queryClient, pageState.queries);
  const renderedAt = pageState ? new Date(pageState.renderedAt) : undefined;

  const app = (
    <StrictMode>
      <Providers renderedAt={renderedAt}>
        {/* Navigations render at once rather than as interruptible transitions: what a link leads to is on screen
          by the time the address bar changes. A lazy page shows the layout's spinner while its chunk loads. */}
        <RouterProvider router={createBrowserRouter(appRoutes)} useTransitions={false} />
      </Providers>
    </StrictMode>
  );

  if (pageState) hydrateRoot(root, app);
  else createRoot(root).render(app);
}
