/**
 * What sign-in and the token manager need from the active platform profile: endpoints, client
 * key, where the client secret comes from, which clock measures token lifetimes, how to name a
 * user. platform-profile.ts and embedded-sandbox.ts resolve a profile to one; auth only uses it.
 */
import type { Clock } from '../../../common/clock.js';
import type { TokenEndpoint } from './token-endpoint.js';

export type SecretSource = 'built_in' | 'vault' | 'broker';

export interface UserLabel {
  displayName: string | null;
  username: string | null;
}

export interface PlatformRuntime {
  key: string;
  name: string;
  kind: 'sandbox' | 'custom';
  baseUrl: string;
  uploadBaseUrl: string;
  /** The consent page (GET), to which the authorize request's parameters are added. */
  authorizeUrl: string;
  clientKey: string;
  scopes: readonly string[];
  secret: SecretSource;
  tokens: TokenEndpoint;
  /**
   * The partner backend (token broker and Store): the embedded one for the built-in profile, a
   * custom profile's broker, or null when the profile keeps its secret in the vault (no backend).
   */
  backendUrl: string | null;
  /** Token lifetimes are measured on this clock: the sandbox's virtual one for the built-in profile. */
  clock: Clock;
  /**
   * Reads the clock again where it can jump (the sandbox's virtual clock, advanced from its
   * console): called before deciding whether a token is due, so an advance is seen at once.
   */
  syncClock?(): Promise<void>;
  /** Display data where the platform lets us know it (the platform has no user-info call for user tokens). */
  describeUser(openId: string): UserLabel;
}
