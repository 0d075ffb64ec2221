/**
 * Every main-process request starts here (API calls and chunk PUTs): node:http or node:https by
 * the address, through one keep-alive agent per scheme, so requests to the same host reuse their
 * connections.
 */
import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type RequestOptions } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

const httpAgent = new HttpAgent({ keepAlive: true, maxSockets: 16 });
const httpsAgent = new HttpsAgent({ keepAlive: true, maxSockets: 16 });

/** A request to `url` on its scheme's keep-alive agent. */
export function requestTo(url: URL, options: Omit<RequestOptions, 'agent'>): ClientRequest {
  return url.protocol === 'https:' ? httpsRequest(url, { ...options, agent: httpsAgent }) : httpRequest(url, { ...options, agent: httpAgent });
}
