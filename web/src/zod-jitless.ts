import { config } from "zod";

/**
 * Zod 4 probes whether it may compile parsers with `new Function` the first time an object schema is built. Under
 * the gateway's Content-Security-Policy (no 'unsafe-eval') the probe is refused and Chromium logs a CSP error on
 * every page load. Turning the compiler off skips the probe; the shop's schemas are small, so nothing is lost.
 * This module must run before any schema is built: `main.tsx` imports it first, and the build keeps it in the
 * same chunk as zod and the contracts (vite.config.ts), ahead of them.
 */
config({ jitless: true });
