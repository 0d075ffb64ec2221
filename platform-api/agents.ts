/**
 * Every main-process request starts here (API calls and chunk PUTs): node:http or node:https by
 * the address, through one keep-alive agent per scheme, so requests to the same host reuse their
 * connections. Each new connection goes the way useProxy says (proxy.ts): direct, or through an
 * HTTP proxy's CONNECT tunnel (TLS then runs end to end inside it, so the proxy sees only the host).
 */
import { Agent as HttpAgent, request as httpRequest, type AgentOptions, type ClientRequest, type RequestOptions } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Duplex } from 'node:stream';
import * as tls from 'node:tls';
import { connect as tlsConnect, type ConnectionOptions } from 'node:tls';
import { DIRECT, tunnelThrough, type ProxyFor } from './proxy.js';

let proxyFor: ProxyFor = DIRECT;

/** Sets how requests leave from now on (electron/web.ts: the environment; electron/main.ts: the system's settings). */
export function useProxy(resolve: ProxyFor): void {
  proxyFor = resolve;
}

type Created = (error: Error | null, socket?: Duplex) => void;
type ConnectOptions = ConnectionOptions & { host?: string; port?: number | string; servername?: string };

/** Opens the connection for `options` (a request to `scheme`://host:port) through the proxy in force, if any. */
function connectVia(scheme: 'http:' | 'https:', options: ConnectOptions, direct: () => Duplex, done: Created): void {
  const host = options.host ?? 'localhost';
  const port = Number(options.port) || (scheme === 'https:' ? 443 : 80);
  Promise.resolve()
    .then(() => proxyFor(new URL(`${scheme}//${host.includes(':') ? `[${host}]` : host}:${port}/`)))
    .then(async (proxy) => {
      if (!proxy) return done(null, direct());
      const tunnel = await tunnelThrough(proxy, host, port);
      done(null, scheme === 'https:' ? tlsConnect({ ...options, socket: tunnel, servername: options.servername ?? host }) : tunnel);
    })
    .catch((error: Error) => done(error));
}

class ProxiedHttpAgent extends HttpAgent {
  override createConnection(options: ConnectOptions, done: Created): undefined {
    connectVia('http:', options, () => super.createConnection(options as never) as Duplex, done);
    return undefined;
  }
}

class ProxiedHttpsAgent extends HttpsAgent {
  override createConnection(options: ConnectOptions, done: Created): undefined {
    connectVia('https:', options, () => super.createConnection(options as never) as Duplex, done);
    return undefined;
  }
}

const AGENT_OPTIONS: AgentOptions = { keepAlive: true, maxSockets: 16 };
const httpAgent = new ProxiedHttpAgent(AGENT_OPTIONS);
const httpsAgent = new ProxiedHttpsAgent(AGENT_OPTIONS);

/**
 * Trusts the operating system's certificate store as well as Node's bundled roots (a company's own
 * CA, installed on its machines, signs the proxy's or the platform's certificate). Needs Node's
 * tls.getCACertificates (Node 22.15 / 23.8 and later: Electron 45's Node 24); answers whether the
 * system's certificates are now trusted.
 */
export function trustSystemCertificates(): boolean {
  const read = (tls as { getCACertificates?: (type: 'bundled' | 'system' | 'extra') => string[] }).getCACertificates;
  if (!read) return false;
  const system = read('system');
  httpsAgent.options.ca = [...read('bundled'), ...read('extra'), ...system];
  return system.length > 0;
}

/** A request to `url` on its scheme's keep-alive agent. */
export function requestTo(url: URL, options: Omit<RequestOptions, 'agent'>): ClientRequest {
  return url.protocol === 'https:' ? httpsRequest(url, { ...options, agent: httpsAgent }) : httpRequest(url, { ...options, agent: httpAgent });
}
