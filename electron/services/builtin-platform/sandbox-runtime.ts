/**
 * The built-in profile resolved on the running programs: the sandbox app's key, the partner
 * backend as its token broker (the client secret stays in the backend), the sandbox's clock and
 * its users' names.
 */
import type { HttpSend } from '../../../platform-api/http.js';
import { BrokerTokenEndpoint } from '../auth/token-endpoint.js';
import type { PlatformRuntime } from '../auth/runtime.js';
import { REQUESTED_SCOPES } from '../platform-profile.js';
import type { RunningPlatform } from './builtin-platform.js';

export const SANDBOX_PROFILE_KEY = 'sandbox';

export function sandboxRuntime({ sandbox, backendUrl }: RunningPlatform, http: HttpSend): PlatformRuntime {
  return {
    key: SANDBOX_PROFILE_KEY,
    name: 'Built-in sandbox',
    kind: 'sandbox',
    baseUrl: sandbox.baseUrl,
    uploadBaseUrl: sandbox.uploadBaseUrl,
    authorizeUrl: `${sandbox.baseUrl}/v2/auth/authorize/`,
    clientKey: sandbox.clientKey,
    scopes: REQUESTED_SCOPES.filter((scope) => sandbox.scopes.includes(scope)),
    secret: 'built_in',
    // Every token operation through the backend, research's client token (op 12) too, as a
    // distributed app's go through its partner's broker: the app itself never sends the secret.
    tokens: new BrokerTokenEndpoint(http, { brokerUrl: backendUrl, clientKey: sandbox.clientKey }),
    backendUrl,
    clock: sandbox.clock,
    // A read sent no earlier than this call (one read for the calls of the same millisecond): an
    // advance of the virtual clock just before is always seen. Loopback: well under a millisecond.
    syncClock: () => sandbox.clock.sync(Date.now() - 1),
    describeUser(openId) {
      const user = sandbox.users.find((candidate) => candidate.open_id === openId);
      return { displayName: user?.display_name ?? null, username: user?.username ?? null };
    },
  };
}
