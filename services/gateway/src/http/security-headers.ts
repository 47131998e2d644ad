import { createHash } from "node:crypto";
import type { RequestHandler } from "express";

/**
 * The payment providers' browser hosts (docs/payments.md): Cashfree's JS SDK and its checkout frames, Razorpay's
 * checkout.js and its frames. Nothing else from outside the shop's own origin may run, frame or be fetched.
 */
const PAYMENT_SCRIPTS = ["https://sdk.cashfree.com", "https://checkout.razorpay.com"];
const PAYMENT_FRAMES = [
  "https://sdk.cashfree.com",
  "https://api.cashfree.com",
  "https://sandbox.cashfree.com",
  "https://payments.cashfree.com",
  "https://payments-test.cashfree.com",
  "https://api.razorpay.com",
  "https://checkout.razorpay.com",
];
const PAYMENT_CONNECT = [
  "https://sdk.cashfree.com",
  "https://api.cashfree.com",
  "https://sandbox.cashfree.com",
  "https://api.razorpay.com",
  "https://lumberjack.razorpay.com",
];

export interface SecurityHeaderOptions {
  /**
   * Whether the shop is reached over https (PUBLIC_URL's scheme, {@link servedOverHttps}): it alone decides HSTS and
   * upgrade-insecure-requests, whatever NODE_ENV says (docs/security.md, HSTS).
   */
  https: boolean;
  /**
   * The local payment sandbox's origin, whose hosted checkout the SPA frames: PAYMENT_SANDBOX_URL, which defaults to
   * the local one outside production and has no default in production (the sandbox is never deployed).
   */
  paymentSandboxOrigin?: string | undefined;
  /**
   * Inline scripts a page may run, by content: a server-rendered page's capture of early taps (web/src/entry-server.tsx,
   * INLINE_SCRIPTS). Allowed by their SHA-256 only, so no other inline script runs, injected or not.
   */
  inlineScripts?: readonly string[] | undefined;
}

/** Whether the shop's public origin (PUBLIC_URL) is https: how shoppers reach it, which NODE_ENV does not say. */
export const servedOverHttps = (publicUrl: string) => new URL(publicUrl).protocol === "https:";

/** The Content-Security-Policy of every response. */
export function contentSecurityPolicy(options: SecurityHeaderOptions): string {
  const sandbox = options.paymentSandboxOrigin ? [options.paymentSandboxOrigin] : [];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": [
      "'self'",
      ...(options.inlineScripts ?? []).map(
        (script) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`,
      ),
      ...PAYMENT_SCRIPTS,
    ],
    // Chakra UI (emotion) writes its styles into <style> elements at run time.
    "style-src": ["'self'", "'unsafe-inline'"],
    // blob: the admin's product form previews a chosen photo from the file itself (an object URL made by the page's
    // own script) before it is uploaded (docs/back-office.md, Photos).
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", ...PAYMENT_CONNECT],
    "frame-src": ["'self'", ...PAYMENT_FRAMES, ...sandbox],
    "form-action": ["'self'", ...PAYMENT_FRAMES],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  if (options.https) directives["upgrade-insecure-requests"] = [];
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(" "))
    .join("; ");
}

/** The security headers of every answer of the gateway, SPA and API alike (and the micro-cache's fast path). */
export function securityHeaderValues(options: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    "content-security-policy": contentSecurityPolicy(options),
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "strict-origin-when-cross-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=(), usb=()",
    // Provider checkouts may open popups (3-D Secure, UPI apps); they must still be able to talk back.
    "cross-origin-opener-policy": "same-origin-allow-popups",
    "cross-origin-resource-policy": "same-origin",
  };
  // Over plain http (a local run, or compose on localhost with NODE_ENV=production) HSTS is ignored at best and
  // sticky at worst; over https it is always sent, a staging or test deployment included.
  if (options.https) headers["strict-transport-security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

/** Sets {@link securityHeaderValues} on every answer. */
export function securityHeaders(options: SecurityHeaderOptions): RequestHandler {
  const headers = securityHeaderValues(options);
  return (_req, res, next) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    next();
  };
}
