import type { ServerResponse } from 'node:http';

/**
 * The studio's policy, sent as a header so it holds for every response and not only for a page that keeps its
 * `<meta>` (renderer/index.html carries the same list for the desktop, which has no headers). Scripts come only from
 * the server; images only from it or from data:/blob: URLs the studio makes, so a guideline's Markdown cannot make each
 * reader's browser fetch a remote image; no plugins, no <base>, forms post only here, and no one may frame the studio.
 * `style-src` keeps 'unsafe-inline': react-zoom-pan-pinch injects a <style> element and ECharts' tooltips carry
 * style attributes; CSS cannot run script, and scripts stay 'self' only (DECISIONS 108).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Sent with every response, static files included: the policy above, no framing by another site (clickjacking), and
 * browsers take each response as the type it declares (no sniffing an upload into a script).
 */
export function setSecurityHeaders(res: ServerResponse): void {
  res.setHeader('x-frame-options', 'DENY');
  res.setHeader('content-security-policy', CONTENT_SECURITY_POLICY);
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader('referrer-policy', 'no-referrer');
}
