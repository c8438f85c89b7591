import type { ServerResponse } from 'node:http';

/**
 * Sent with every response, static files included: no other site may frame the studio (clickjacking), and browsers
 * take each response as the type it declares (no sniffing an upload into a script).
 */
export function setSecurityHeaders(res: ServerResponse): void {
  res.setHeader('x-frame-options', 'DENY');
  res.setHeader('content-security-policy', "frame-ancestors 'none'");
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader('referrer-policy', 'no-referrer');
}
