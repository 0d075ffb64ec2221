/**
 * The address a request came from, for per-address rate limits. Behind a load balancer every
 * request arrives from the balancer, so when the peer is one of `trusted_proxies` the client is
 * the last X-Forwarded-For hop that is not itself a trusted proxy (earlier hops can be forged by
 * the client). Pure.
 */
import type { IncomingMessage } from 'node:http';

export function clientAddress(req: IncomingMessage, trustedProxies: readonly string[]): string {
  const peer = normalize(req.socket.remoteAddress ?? 'unknown');
  if (!trustedProxies.includes(peer)) return peer;
  const header = req.headers['x-forwarded-for'];
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((hop) => normalize(hop.trim())).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) if (!trustedProxies.includes(hops[i]!)) return hops[i]!;
  return peer;
}

/** `::ffff:10.0.0.1` (an IPv4 peer on a dual-stack socket) is 10.0.0.1. */
function normalize(address: string): string {
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}
