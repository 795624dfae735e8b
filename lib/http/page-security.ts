/**
 * The security headers of pages: a Content Security Policy the app's own pages pass (scripts
 * only from this server or carrying the request's nonce, which Next.js puts on its own inline
 * scripts; no framing; forms and connections to this server only), and the headers every
 * answer gets (`X-Content-Type-Options`, a referrer policy, no framing).
 */

/** Headers for every answer, pages and API alike. */
export const COMMON_SECURITY_HEADERS: Record<string, string> = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "same-origin",
  "x-frame-options": "DENY",
};

/**
 * The policy for a page rendered with `nonce`. Styles allow inline ones: React Flow and the
 * charts position elements with `style` attributes, which no nonce can cover.
 */
export function pagePolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** A fresh nonce (128 bits, base64). */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
