/**
 * The keep-alive agents every main-process request goes through (API calls and chunk PUTs): one
 * connection pool per scheme, so requests to the same host reuse their connections.
 */
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';

const httpAgent = new HttpAgent({ keepAlive: true, maxSockets: 16 });
const httpsAgent = new HttpsAgent({ keepAlive: true, maxSockets: 16 });

export function agentFor(isHttps: boolean): HttpAgent {
  return isHttps ? httpsAgent : httpAgent;
}
