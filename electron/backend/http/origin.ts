import type { IncomingMessage } from 'node:http';
import { networkInterfaces } from 'node:os';
import { AppError } from '../errors';

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];
const WILDCARD = new Set(['0.0.0.0', '::', '']);

const bracket = (host: string) => (host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);

function interfaceAddresses(): string[] {
  return Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((i) => bracket(i.address.toLowerCase())));
}

/**
 * Which `Host` headers this server answers to. A web page that rebinds its own name to this machine's address still
 * sends its own name as `Host`, so answering only to the names the server was started on stops DNS rebinding.
 * Loopback names always work on the server's port (the studio runs at 127.0.0.1, localhost and [::1] alike); a server
 * on every interface also answers to each interface address; `--allowed-host` adds names (a reverse proxy's, with or
 * without a port).
 */
export class HostPolicy {
  private readonly exact = new Set<string>();
  private readonly anyPort = new Set<string>();

  constructor(bindHost: string, port: number, allowedHosts: readonly string[] = []) {
    const names = [...LOOPBACK_NAMES];
    const bind = bindHost.toLowerCase();
    if (WILDCARD.has(bind)) names.push(...interfaceAddresses());
    else names.push(bracket(bind));
    for (const name of names) {
      this.exact.add(`${name}:${port}`);
      // Browsers leave out the default port.
      if (port === 80) this.exact.add(name);
    }
    for (const entry of allowedHosts) {
      const value = entry.trim().toLowerCase();
      if (/:\d+$/.test(value)) this.exact.add(value);
      else if (value) this.anyPort.add(bracket(value));
    }
  }

  allowsHost(host: string | undefined): boolean {
    if (!host) return false;
    const value = host.toLowerCase();
    if (this.exact.has(value)) return true;
    const name = value.replace(/:\d+$/, '');
    return this.anyPort.has(name);
  }

  /** Refuses a request whose `Host` is foreign (every route, static files included). */
  checkHost(req: IncomingMessage): void {
    if (!this.allowsHost(req.headers.host)) {
      throw new AppError('forbidden', `this server does not answer to the name "${String(req.headers.host ?? '')}"; `
        + 'its owner can add a name with `anchor serve --allowed-host NAME`');
    }
  }

  /**
   * Refuses an API, upload, login or event request sent from another origin. The server's own origin is the page it
   * served, whose host is this request's (already checked) `Host`; behind a TLS proxy its scheme is https.
   */
  checkOrigin(req: IncomingMessage): void {
    const origin = req.headers.origin;
    if (origin === undefined) {
      // No Origin (same-origin GETs, the CLI, curl): a browser marks cross-site requests in Sec-Fetch-Site.
      if (req.headers['sec-fetch-site'] === 'cross-site') throw new AppError('forbidden', 'cross-site requests are refused');
      return;
    }
    let parsed: URL | null;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = null;
    }
    const own = parsed !== null && (parsed.protocol === 'http:' || parsed.protocol === 'https:')
      && parsed.host.toLowerCase() === String(req.headers.host ?? '').toLowerCase().replace(/:(80|443)$/, '');
    if (!own) throw new AppError('forbidden', 'requests from another origin are refused');
  }
}
