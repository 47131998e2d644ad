import { API_OWNERS, API_ROUTES, type ApiUpstream, LARGE_BODY_ROUTES } from "@storefront/contracts";
import type { GatewayConfig } from "../config.js";

/** The services the gateway forwards to. */
export type UpstreamName = ApiUpstream;

/**
 * Which service owns which public path: the one table in libs/contracts (docs/architecture.md, Service ownership). Anything not
 * listed, `/internal/...` above all, is never forwarded.
 */
const OWNERS: ReadonlyArray<{ prefix: string; exact?: boolean; upstream: UpstreamName }> = API_OWNERS;

/** The service that owns `path` (no query string), or undefined when the path is not public. */
export function ownerOf(path: string): UpstreamName | undefined {
  for (const owner of OWNERS) {
    if (owner.exact ? path === owner.prefix : path.startsWith(owner.prefix)) return owner.upstream;
  }
  return undefined;
}

/** A route pattern as a regular expression: a `:param` is one non-empty segment, everything else is literal. */
const routeRegExp = (route: string) =>
  new RegExp(
    `^${route
      .split("/")
      .map((part) => (part.startsWith(":") ? "[^/]+" : escapeRegExp(part)))
      .join("/")}$`,
  );

const ROUTE_PATTERNS = new Map(
  Object.entries(API_ROUTES).map(([upstream, routes]) => [upstream, routes.map(routeRegExp)]),
);

/** How large a route's body may be, and, for a route that takes files, what a larger one is answered. */
export interface BodyLimit {
  limitBytes: number;
  tooLarge?: { code: string; message: string };
}

const LARGE_BODIES = LARGE_BODY_ROUTES.map(({ pattern, limitBytes, tooLarge }) => ({
  route: routeRegExp(pattern),
  limit: { limitBytes, tooLarge },
}));

/**
 * The body limit of `path`: the gateway's own, or a larger one for the few routes that take files (photos), with the
 * owning service's words for a file over it (docs/back-office.md, Photos).
 */
export const bodyLimitOf = (path: string, defaultLimit: number): BodyLimit =>
  LARGE_BODIES.find(({ route }) => route.test(path))?.limit ?? { limitBytes: defaultLimit };

function escapeRegExp(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Whether `path` is one of the upstream's routes in their one canonical form. An upstream whose routes are not all
 * listed in the contracts yet is matched by its prefix alone (its service routes strictly anyway).
 */
export function isCanonicalRoute(upstream: UpstreamName, path: string): boolean {
  const patterns = ROUTE_PATTERNS.get(upstream);
  return !patterns || patterns.some((pattern) => pattern.test(path));
}

/** Paths the gateway answers for the API (a 404 there is JSON, never the SPA). */
export const isApiPath = (path: string) => path.startsWith("/api/") || path.startsWith("/address/");

export function upstreamOrigins(config: GatewayConfig): Record<UpstreamName, string> {
  return {
    identity: config.IDENTITY_URL,
    catalogue: config.CATALOGUE_URL,
    "order-payment": config.ORDER_PAYMENT_URL,
    billing: config.BILLING_URL,
    notification: config.NOTIFICATION_URL,
    ops: config.OPS_URL,
  };
}
