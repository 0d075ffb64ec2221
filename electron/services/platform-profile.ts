/**
 * The active platform profile, resolved to what sign-in and the token manager need: endpoints,
 * client key, where the client secret comes from, which clock measures token lifetimes, and how
 * to name a user. The built-in sandbox is resolved by embedded-sandbox.ts (it must be started
 * first); a custom profile is resolved here.
 *
 * Each profile has a key, under which its accounts and vault entries live: tokens of one platform
 * are never sent to another, and switching profiles back and forth keeps each one's accounts.
 */
import { createHash } from 'node:crypto';
import { systemClock, type Clock } from '../../common/clock.js';
import type { HttpSend } from '../../platform-api/http.js';
import type { PlatformProfile } from '../core/contract/index.js';

type CustomProfile = Extract<PlatformProfile, { kind: 'custom' }>;
import type { PlatformRuntime } from './auth/runtime.js';
import { BrokerTokenEndpoint, DirectTokenEndpoint, type TokenEndpoint } from './auth/token-endpoint.js';
import type { Vault } from './vault/vault.js';

/** What the app asks for at sign-in. */
export const REQUESTED_SCOPES = ['user.info.basic', 'video.upload', 'video.list'] as const;
/** What an account needs to receive drafts; missing ones are shown on the account, not found at upload time. */
export const UPLOAD_SCOPES = ['video.upload'] as const;



/**
 * Keyed by what identifies the platform app and where its tokens go, not by the editable name:
 * the platform (baseUrl), the app (clientKey) and the token endpoint (the platform's own, or the
 * broker's). A refresh token is sent to the token endpoint, so a profile switched to a broker, or
 * to another broker, gets a new key and its stored tokens never follow to the new endpoint.
 * A profile whose tokens go to the platform itself (secret in the vault) keeps the key it always had.
 */
export function customProfileKey(profile: Pick<CustomProfile, 'baseUrl' | 'clientKey' | 'secret'>): string {
  const endpoint = profile.secret.store === 'broker' ? `\nbroker ${profile.secret.brokerUrl}` : '';
  const digest = createHash('sha256').update(`${profile.baseUrl}\n${profile.clientKey}${endpoint}`).digest('hex').slice(0, 16);
  return `custom-${digest}`;
}

export const clientSecretEntry = (profileKey: string) => `client-secret:${profileKey}`;

export function customRuntime(profile: CustomProfile, deps: { http: HttpSend; vault: Vault; clock?: Clock }): PlatformRuntime {
  const key = customProfileKey(profile);
  const tokens: TokenEndpoint =
    profile.secret.store === 'broker'
      ? new BrokerTokenEndpoint(deps.http, { brokerUrl: profile.secret.brokerUrl, clientKey: profile.clientKey })
      : new DirectTokenEndpoint(deps.http, { baseUrl: profile.baseUrl, clientKey: profile.clientKey, clientSecret: () => deps.vault.get(clientSecretEntry(key)), profileName: profile.name });
  return {
    key,
    name: profile.name,
    kind: 'custom',
    baseUrl: profile.baseUrl,
    uploadBaseUrl: profile.uploadHost,
    authorizeUrl: profile.authorizeUrl,
    clientKey: profile.clientKey,
    scopes: REQUESTED_SCOPES,
    secret: profile.secret.store,
    tokens,
    backendUrl: profile.secret.store === 'broker' ? profile.secret.brokerUrl : null,
    clock: deps.clock ?? systemClock,
    describeUser: () => ({ displayName: null, username: null }),
  };
}
