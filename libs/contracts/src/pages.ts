/** The storefront's home page: where the shop's bare address ("/") leads (the gateway redirects, so does the SPA). */
export const HOME_PATH = "/home";

/** The back office's first page (the owner's dashboard): where `/admin`, the login and every admin page's way back lead. */
export const ADMIN_HOME_PATH = "/admin-dashboard";

/**
 * The shop's public pages (spec section 2): what a search engine may index, with each page's title and description.
 * The gateway's sitemap and the SPA's document titles are built from this one list.
 */
export const PUBLIC_PAGES = [
  {
    path: HOME_PATH,
    title: "Maharashtrian sweets & snacks",
    description:
      "Modak, ladoo, chakli, chivda, Diwali faral and catering supplies, made fresh in Wai, Maharashtra and delivered across India.",
  },
  { path: "/cart", title: "Your cart", description: "The sweets and snacks you picked, and what they cost." },
  { path: "/aboutus", title: "About us", description: "Who makes your sweets and snacks, and how." },
  { path: "/contactus", title: "Contact us", description: "Write, call or visit the shop." },
  { path: "/privacypolicy", title: "Privacy policy", description: "What we keep about you and why." },
  {
    path: "/termsandconditions",
    title: "Terms and conditions",
    description: "The terms of buying from the shop.",
  },
  {
    path: "/cancellationpolicy",
    title: "Cancellation policy",
    description: "When and how an order can be cancelled.",
  },
  { path: "/returnandrefund", title: "Return and refund", description: "Returns and refunds of an order." },
  { path: "/shipping", title: "Shipping policy", description: "Where we deliver, how, and how long it takes." },
] as const;

export type PublicPage = (typeof PUBLIC_PAGES)[number];

/**
 * The performance mark a server-rendered page sets once React has taken it over, so a tap is answered at once rather
 * than kept for it (web/src/app/Layout.tsx); bench/lighthouse.ts reads it as "controls live".
 */
export const CONTROLS_LIVE_MARK = "storefront:controls-live";

/** What the gateway gives the SSR entry to render one public page into (web/src/entry-server.tsx). */
export interface PageRenderInput {
  /** The path to render, one of the entry's PRERENDERED_PATHS. */
  path: string;
  /** The catalogue's product list, as `GET /api/v1/products` answered it. */
  products: import("./api/catalogue.js").Product[];
  /** index.html of the client build: the page is rendered into it. */
  template: string;
  /** The shop's public origin (configuration, never a request's Host): product structured data links to it. */
  publicUrl: string;
  renderedAt?: Date;
}

/** What the SSR build (web/dist-ssr/entry-server.js) exports, as the gateway loads it. */
export interface ServerRenderEntry {
  PRERENDERED_PATHS: readonly string[];
  /** The scripts inlined in every rendered page, exactly as written: the gateway's CSP allows each by its hash. */
  INLINE_SCRIPTS: readonly string[];
  renderPage(input: PageRenderInput): Promise<string>;
}
