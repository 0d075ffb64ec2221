/**
 * The platform-profile form as plain strings, converted to and from the contract's
 * PlatformProfile, and checked with the contract's rules (electron/core/contract/settings.ts) so a person
 * sees a clear message before saving. The main process checks again and has the last word.
 */
import { isHttpsOrLoopback } from '../../../../common/url-policy';
import type { PlatformProfile } from '../../api/contract';
import { currentIntl } from '../../i18n';

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
  const intl = currentIntl();
  if (!name) errors.name = intl.formatMessage({ id: 'settings.platform.nameEmpty' });
  else if (name.length > MAX_NAME) errors.name = intl.formatMessage({ id: 'settings.platform.nameTooLong' }, { max: MAX_NAME });

  const baseUrl = urlProblem(draft.baseUrl, 'baseUrl');
  if (baseUrl) errors.baseUrl = baseUrl;
  const uploadHost = urlProblem(draft.uploadHost, 'uploadHost');
  if (uploadHost) errors.uploadHost = uploadHost;
  const authorizeUrl = urlProblem(draft.authorizeUrl, 'authorizeUrl');
  if (authorizeUrl) errors.authorizeUrl = authorizeUrl;

  const clientKey = draft.clientKey.trim();
  if (!clientKey) errors.clientKey = intl.formatMessage({ id: 'settings.platform.clientKeyEmpty' });
  else if (clientKey.length > MAX_CLIENT_KEY) errors.clientKey = intl.formatMessage({ id: 'settings.platform.clientKeyTooLong' }, { max: MAX_CLIENT_KEY });

  if (draft.secretStore === 'broker') {
    const brokerUrl = urlProblem(draft.brokerUrl, 'brokerUrl');
    if (brokerUrl) errors.brokerUrl = brokerUrl;
  }
  return errors;
}

/** Which address a URL field holds: each has its own "Enter …" message (settings.url.enter.*). */
export type UrlField = 'baseUrl' | 'uploadHost' | 'authorizeUrl' | 'brokerUrl' | 'updateUrl' | 's3Endpoint' | 'publicUrlPrefix';

/** Why a URL would be refused, in words in the window's language, or null when it is fine. */
export function urlProblem(raw: string, what: UrlField): string | null {
  const intl = currentIntl();
  const value = raw.trim();
  if (!value) return intl.formatMessage({ id: `settings.url.enter.${what}` });
  if (value.length > MAX_URL) return intl.formatMessage({ id: 'settings.url.tooLong' }, { max: MAX_URL });
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return intl.formatMessage({ id: 'settings.url.incomplete' });
  }
  if (url.username || url.password) return intl.formatMessage({ id: 'settings.url.credentials' });
  if (url.protocol === 'http:') return isHttpsOrLoopback(value) ? null : intl.formatMessage({ id: 'settings.url.plainHttp' });
  if (url.protocol !== 'https:') return intl.formatMessage({ id: 'settings.url.notHttps' });
  return isHttpsOrLoopback(value) ? null : intl.formatMessage({ id: 'settings.url.notHttps' });
}

export function hasErrors(errors: object): boolean {
  return Object.keys(errors).length > 0;
}

/** Upload concurrency: a whole number from 1 to 8 (the contract's range). */
export const CONCURRENCY_MIN = 1;
export const CONCURRENCY_MAX = 8;

export function concurrencyProblem(raw: string): string | null {
  const intl = currentIntl();
  const range = { min: CONCURRENCY_MIN, max: CONCURRENCY_MAX };
  const value = raw.trim();
  if (!value) return intl.formatMessage({ id: 'settings.uploads.concurrency.empty' }, range);
  if (!/^\d+$/.test(value)) return intl.formatMessage({ id: 'settings.uploads.concurrency.notWhole' }, range);
  const count = Number(value);
  if (count < CONCURRENCY_MIN || count > CONCURRENCY_MAX) return intl.formatMessage({ id: 'settings.uploads.concurrency.outOfRange' }, range);
  return null;
}
