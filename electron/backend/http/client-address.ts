import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/** `::ffff:10.0.0.1` (an IPv4 peer on a dual-stack socket) and `10.0.0.1` are one address. */
const plain = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');

/**
 * The address a login is throttled by. Behind a reverse proxy every member arrives from the proxy's address, so five
 * wrong guesses by one would slow everyone; with `anchor serve --trusted-proxy ADDRESS` the owner says which peer's
 * `X-Forwarded-For` to believe. Read right to left, skipping the trusted proxies themselves: each proxy appends the
 * peer it saw, and everything left of the last trusted hop was written by the client and may be forged.
 */
export function clientAddress(req: IncomingMessage, trustedProxies: ReadonlySet<string>): string {
  const peer = plain(req.socket.remoteAddress ?? 'unknown');
  const header = req.headers['x-forwarded-for'];
  if (!trustedProxies.has(peer) || header === undefined) return peer;
  const hops = (Array.isArray(header) ? header.join(',') : header).split(',').map((hop) => plain(hop.trim()));
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    if (isIP(hop) === 0) return peer;
    if (!trustedProxies.has(hop)) return hop;
  }
  return peer;
}

/** The owner's `--trusted-proxy` addresses, in the form `clientAddress` compares. */
export function trustedProxySet(addresses: readonly string[]): ReadonlySet<string> {
  for (const address of addresses) {
    if (isIP(address) === 0) throw new Error(`--trusted-proxy takes an IP address, not "${address}"`);
  }
  return new Set(addresses.map(plain));
}
