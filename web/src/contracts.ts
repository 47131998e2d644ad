// Must come first: it configures zod before any schema of the contracts is built.
import "./zod-jitless";

/**
 * The contracts with their zod schemas, as the SPA's forms and API clients use them. Imported through here (never
 * `@storefront/contracts` directly) so zod is configured for the CSP before any schema exists; these modules load
 * with the pages and forms that need them. The first page uses `@storefront/contracts/plain`, which has no zod.
 */
export * from "@storefront/contracts";
