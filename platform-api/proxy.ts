/**
 * The way out of this machine for main-process requests, as the OS or the environment says: direct,
 * or through an HTTP proxy that tunnels with CONNECT (corporate proxies). Web mode follows
 * HTTPS_PROXY / HTTP_PROXY / NO_PROXY (proxyFromEnvironment, installed by electron/web.ts); the
 * desktop app asks Chromium, which knows the system's settings and PAC scripts
 * (session.resolveProxy, parsed by proxyFromPac in electron/main.ts). agents.ts opens every
 * connection through the chosen route, so API calls and chunk PUTs alike follow it.
 */
import { connect as netConnect, type Socket } from 'node:net';

/** The proxy for a request to `url`, or null to go direct. */
export type ProxyFor = (url: URL) => URL | null | Promise<URL | null>;

export const DIRECT: ProxyFor = () => null;

/**
 * HTTPS_PROXY for https:// requests, HTTP_PROXY for http:// ones (lower-case names too), except
 * hosts NO_PROXY names: `*` for all, a host (`internal.corp`), a domain suffix (`.corp`), with or
 * without `:port`, case-insensitive.
 */
export function proxyFromEnvironment(env: NodeJS.ProcessEnv): ProxyFor {
  const pick = (...names: string[]) => names.map((name) => env[name]?.trim()).find((value) => value) ?? null;
  const https = parseProxy(pick('HTTPS_PROXY', 'https_proxy'));
  const http = parseProxy(pick('HTTP_PROXY', 'http_proxy'));
  const bypass = (pick('NO_PROXY', 'no_proxy') ?? '')
    .split(/[\s,]+/)
    .map((entry) => entry.toLowerCase())
    .filter(Boolean);
  if (!https && !http) return DIRECT;
  return (url) => {
    if (bypassed(url, bypass)) return null;
    return url.protocol === 'https:' ? https : http;
  };
}

function parseProxy(value: string | null): URL | null {
  if (!value) return null;
  try {
    // A bare host:port is an http proxy, as curl reads it.
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`);
  } catch {
    return null;
  }
}

function bypassed(url: URL, entries: readonly string[]): boolean {
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return entries.some((entry) => {
    if (entry === '*') return true;
    const [name, entryPort] = entry.startsWith('[') ? [entry.slice(1, entry.indexOf(']')), entry.slice(entry.indexOf(']') + 2) || null] : [entry.split(':')[0]!, entry.split(':')[1] ?? null];
    if (entryPort !== null && entryPort !== port) return false;
    const bare = name.replace(/^\*?\./, '');
    return host === bare || host.endsWith(`.${bare}`);
  });
}

/**
 * Chromium's answer for a URL (session.resolveProxy): `DIRECT`, or a list such as
 * `PROXY proxy.corp:8080; DIRECT`. The first PROXY or DIRECT entry is used; SOCKS and HTTPS
 * proxies are not spoken here, so such entries are skipped (and `onUnsupported` told).
 */
export function proxyFromPac(answer: string, onUnsupported: (entry: string) => void = () => {}): URL | null {
  for (const entry of answer.split(';').map((part) => part.trim()).filter(Boolean)) {
    const [kind, address] = entry.split(/\s+/, 2);
    if (kind?.toUpperCase() === 'DIRECT') return null;
    if (kind?.toUpperCase() === 'PROXY' && address) return parseProxy(address);
    onUnsupported(entry);
  }
  return null;
}

/**
 * A TCP connection to `host:port` through `proxy`'s CONNECT tunnel (for https the caller then
 * speaks TLS over it). Proxy credentials in the proxy URL go as Basic Proxy-Authorization.
 */
export function tunnelThrough(proxy: URL, host: string, port: number, timeoutMs = 30_000): Promise<Socket> {
  const target = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  return new Promise((resolve, reject) => {
    const socket = netConnect(Number(proxy.port) || 80, proxy.hostname);
    const fail = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    socket.setTimeout(timeoutMs, () => fail(new Error(`the proxy ${proxy.host} did not answer`)));
    socket.once('error', fail);
    socket.once('connect', () => {
      const auth = proxy.username ? `Proxy-Authorization: Basic ${Buffer.from(`${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`).toString('base64')}\r\n` : '';
      socket.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n${auth}\r\n`);
    });
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end === -1) {
        if (head.length > 16 * 1024) fail(new Error(`the proxy ${proxy.host} sent an oversized answer`));
        return;
      }
      socket.removeListener('data', onData);
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(head.subarray(0, end).toString('latin1'))?.[1];
      if (status !== '200') return fail(new Error(`the proxy ${proxy.host} refused the tunnel to ${target} (${status ?? 'no status'})`));
      socket.setTimeout(0);
      socket.removeListener('error', fail);
      // Bytes after the answer belong to the tunnel: hand them back.
      if (end + 4 < head.length) socket.unshift(head.subarray(end + 4));
      resolve(socket);
    };
    socket.on('data', onData);
  });
}
