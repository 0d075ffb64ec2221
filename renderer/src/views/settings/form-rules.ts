/**
 * The platform-profile form as plain strings, converted to and from the contract's
 * PlatformProfile, and checked with the contract's rules (electron/core/contract/settings.ts) so a person
 * sees a clear message before saving. The main process checks again and has the last word.
 */
import { isHttpsOrLoopback } from '../../../../common/url-policy';
import type { PlatformProfile } from '../../api/contract';

export interface ProfileDraft {
  kind: 'sandbox' | 'custom';
  name: string;
  baseUrl: string;
  uploadHost: string;
  authorizeUrl: string;
  clientKey: string;
  secretStore: 'vault' | 'broker';
  brokerUrl: string;
}

export type ProfileErrors = Partial<Record<keyof ProfileDraft, string>>;

// The contract's limits.
const MAX_NAME = 80;
const MAX_CLIENT_KEY = 200;
const MAX_URL = 2048;

export function draftFromProfile(profile: PlatformProfile, previous?: ProfileDraft): ProfileDraft {
  if (profile.kind === 'sandbox') {
    // Keep what was typed for a custom platform, so switching back and forth loses nothing.
    return { ...(previous ?? emptyCustom()), kind: 'sandbox' };
  }
  return {
    kind: 'custom',
    name: profile.name,
    baseUrl: profile.baseUrl,
    uploadHost: profile.uploadHost,
    authorizeUrl: profile.authorizeUrl,
    clientKey: profile.clientKey,
    secretStore: profile.secret.store,
    brokerUrl: profile.secret.store === 'broker' ? profile.secret.brokerUrl : '',
  };
}

function emptyCustom(): ProfileDraft {
  return { kind: 'custom', name: '', baseUrl: '', uploadHost: '', authorizeUrl: '', clientKey: '', secretStore: 'vault', brokerUrl: '' };
}

export function profileFromDraft(draft: ProfileDraft): PlatformProfile {
  if (draft.kind === 'sandbox') return { kind: 'sandbox' };
  return {
    kind: 'custom',
    name: draft.name.trim(),
    baseUrl: draft.baseUrl.trim(),
    uploadHost: draft.uploadHost.trim(),
    authorizeUrl: draft.authorizeUrl.trim(),
    clientKey: draft.clientKey.trim(),
    secret: draft.secretStore === 'vault' ? { store: 'vault' } : { store: 'broker', brokerUrl: draft.brokerUrl.trim() },
  };
}

export function sameProfile(a: PlatformProfile, b: PlatformProfile): boolean {
  return sameValue(a, b);
}

/** Two settings values alike, whatever the order of their keys. */
export function sameValue(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner) ? Object.fromEntries(Object.entries(inner).sort(([x], [y]) => x.localeCompare(y))) : inner,
  );
}

export function validateProfile(draft: ProfileDraft): ProfileErrors {
  if (draft.kind === 'sandbox') return {};
  const errors: ProfileErrors = {};
  const name = draft.name.trim();
  if (!name) errors.name = 'Give this platform a name, so you can tell it apart.';
  else if (name.length > MAX_NAME) errors.name = `Keep the name to ${MAX_NAME} characters or fewer.`;

  const baseUrl = urlProblem(draft.baseUrl, 'the API base URL');
  if (baseUrl) errors.baseUrl = baseUrl;
  const uploadHost = urlProblem(draft.uploadHost, 'the upload host');
  if (uploadHost) errors.uploadHost = uploadHost;
  const authorizeUrl = urlProblem(draft.authorizeUrl, 'the authorize URL');
  if (authorizeUrl) errors.authorizeUrl = authorizeUrl;

  const clientKey = draft.clientKey.trim();
  if (!clientKey) errors.clientKey = "Enter your app's client key, as the platform issued it.";
  else if (clientKey.length > MAX_CLIENT_KEY) errors.clientKey = `A client key is at most ${MAX_CLIENT_KEY} characters.`;

  if (draft.secretStore === 'broker') {
    const brokerUrl = urlProblem(draft.brokerUrl, "the token broker's URL");
    if (brokerUrl) errors.brokerUrl = brokerUrl;
  }
  return errors;
}

/** Why a URL would be refused, in words, or null when it is fine. */
export function urlProblem(raw: string, what: string): string | null {
  const value = raw.trim();
  if (!value) return `Enter ${what}.`;
  if (value.length > MAX_URL) return `This URL is longer than ${MAX_URL} characters.`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'This is not a complete URL. Start it with https://';
  }
  if (url.username || url.password) return 'Leave the user name and password out of the URL.';
  if (url.protocol === 'http:') return isHttpsOrLoopback(value) ? null : 'Use https://. Plain http:// is allowed only for 127.0.0.1 or localhost.';
  if (url.protocol !== 'https:') return 'Use an https:// address.';
  return isHttpsOrLoopback(value) ? null : 'Use an https:// address.';
}

export function hasErrors(errors: object): boolean {
  return Object.keys(errors).length > 0;
}

/** Upload concurrency: a whole number from 1 to 8 (the contract's range). */
export const CONCURRENCY_MIN = 1;
export const CONCURRENCY_MAX = 8;

export function concurrencyProblem(raw: string): string | null {
  const value = raw.trim();
  if (!value) return `Enter a number from ${CONCURRENCY_MIN} to ${CONCURRENCY_MAX}.`;
  if (!/^\d+$/.test(value)) return `Use a whole number from ${CONCURRENCY_MIN} to ${CONCURRENCY_MAX}.`;
  const count = Number(value);
  if (count < CONCURRENCY_MIN || count > CONCURRENCY_MAX) return `Choose between ${CONCURRENCY_MIN} and ${CONCURRENCY_MAX} uploads at a time.`;
  return null;
}
