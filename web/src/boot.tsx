import englishMessages from "virtual:catalog/en/first";
import type { SystemContext } from "@chakra-ui/react";
import { HTML_LANG, type Language, languageOfPath, MARATHI_PREFIX } from "@storefront/contracts/plain";
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
import { type ShopLanguage, shopLanguage } from "./i18n/i18n";
import { loadRestOfMessagesWith } from "./i18n/rest-of-messages";

/**
 * The page's language, from its address (docs/languages.md), with the first part of its catalog (Marathi's loads
 * only for `/mr/...`); the second part loads with the first page that needs it.
 */
async function pageLanguage(): Promise<ShopLanguage> {
  const language: Language = languageOfPath(window.location.pathname);
  // Only when it differs: setting `lang` again, even to the same value, has the browser restyle the whole page.
  if (document.documentElement.lang !== HTML_LANG[language]) document.documentElement.lang = HTML_LANG[language];
  const marathi = language === "mr" ? (await import("virtual:catalog/mr/first")).default : undefined;
  const shop = shopLanguage(language, englishMessages, marathi);
  loadRestOfMessagesWith(async () => {
    const [english, own] = await Promise.all([
      import("virtual:catalog/en/rest"),
      language === "mr" ? import("virtual:catalog/mr/rest") : undefined,
    ]);
    shop.addMessages(english.default, own?.default);
  });
  return shop;
}

/** Starts the SPA in `root`: hydrates a page the gateway rendered, renders any other. */
export async function boot(root: HTMLElement): Promise<void> {
  // A public page the gateway rendered (entry-server.tsx) comes with the data it was rendered with: the query cache
  // starts from it, and React takes over the markup already on screen instead of drawing the page again.
  const pageState = readPageState(document);
  const language = await pageLanguage();
  if (!pageState) {
    holdPageTaps();
    createRoot(root).render(app(shopSystem(), language));
    return;
  }
  hydrate(queryClient, pageState.queries);
  refreshPageDataWhenIdle(queryClient);
  // On a phone, loading the code, building Chakra's system and hydrating are each tens of milliseconds: tasks of their
  // own (the system in several), not one long one during which the page already on screen would ignore a tap.
  await nextTask();
  const system = await shopSystemWithoutGlobalStyles(nextTask);
  await nextTask();
  // In the same task as hydrateRoot, so no tap falls between the capture script and React.
  holdPageTaps();
  hydrateRoot(root, app(system, language, new Date(pageState.renderedAt)));
}

function app(system: SystemContext, language: ShopLanguage, renderedAt?: Date) {
  // Marathi pages are the same routes under /mr: every link and navigation of the app stays in the page's language.
  const basename = language.language === "mr" ? MARATHI_PREFIX : undefined;
  return (
    <StrictMode>
      <Providers renderedAt={renderedAt} system={system} language={language}>
        {/* Navigations render at once rather than as interruptible transitions: what a link leads to is on screen
          by the time the address bar changes. A lazy page shows the layout's spinner while its chunk loads. */}
        <RouterProvider router={createBrowserRouter(appRoutes, { basename })} useTransitions={false} />
      </Providers>
    </StrictMode>
  );
}
