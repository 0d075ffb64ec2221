/**
 * The Photos settings form as plain strings, converted to and from the contract's PhotoSettings,
 * and checked with the contract's rules (electron/core/contract/settings.ts) so a person sees what
 * to fix before saving. The main process checks again and has the last word.
 */
import { currentIntl } from '../../i18n';
import type { Settings } from '../../api/contract';
import { urlProblem } from './form-rules';

type PhotoSettings = Settings['photos'];
type Bucket = Omit<Extract<PhotoSettings['host'], { kind: 's3' }>, 'kind'>;

/** The form: the host's kind, a bucket's fields (kept while the built-in host is chosen) and the two choices. */
export type PhotoHostDraft = { kind: PhotoSettings['host']['kind'] } & Bucket & Omit<PhotoSettings, 'host'>;

export type PhotoHostErrors = Partial<Record<'endpoint' | 'bucket' | 'region' | 'publicUrlPrefix' | 'keyPrefix', string>>;

const BUCKET = /^[a-z0-9][a-z0-9.-]+[a-z0-9]$/;
const KEY_PREFIX = /^(?:[A-Za-z0-9._-]+\/)*$/;

export function draftFromPhotos(photos: PhotoSettings, previous?: PhotoHostDraft): PhotoHostDraft {
  const flags = { stripLocation: photos.stripLocation, keepHosted: photos.keepHosted };
  if (photos.host.kind === 'sandbox') {
    // Keep what was typed for a bucket, so switching back and forth loses nothing.
    return { ...(previous ?? emptyBucket()), kind: 'sandbox', ...flags };
  }
  const { kind, ...bucket } = photos.host;
  return { kind, ...bucket, ...flags };
}

function emptyBucket(): PhotoHostDraft {
  return { kind: 's3', endpoint: '', bucket: '', region: '', pathStyle: false, publicUrlPrefix: '', keyPrefix: '', stripLocation: true, keepHosted: false };
}

export function photosFromDraft(draft: PhotoHostDraft): PhotoSettings {
  const flags = { stripLocation: draft.stripLocation, keepHosted: draft.keepHosted };
  if (draft.kind === 'sandbox') return { host: { kind: 'sandbox' }, ...flags };
  return {
    host: { kind: 's3', endpoint: draft.endpoint.trim(), bucket: draft.bucket.trim(), region: draft.region.trim(), pathStyle: draft.pathStyle, publicUrlPrefix: draft.publicUrlPrefix.trim(), keyPrefix: draft.keyPrefix.trim() },
    ...flags,
  };
}

export function validatePhotoHost(draft: PhotoHostDraft): PhotoHostErrors {
  if (draft.kind === 'sandbox') return {};
  const intl = currentIntl();
  const errors: PhotoHostErrors = {};
  const endpoint = urlProblem(draft.endpoint, 's3Endpoint');
  if (endpoint) errors.endpoint = endpoint;
  const bucket = draft.bucket.trim();
  if (!bucket) errors.bucket = intl.formatMessage({ id: 'settings.photos.bucket.empty' });
  else if (bucket.length < 3 || bucket.length > 63 || !BUCKET.test(bucket)) errors.bucket = intl.formatMessage({ id: 'settings.photos.bucket.invalid' });
  const region = draft.region.trim();
  if (!region) errors.region = intl.formatMessage({ id: 'settings.photos.region.empty' });
  else if (region.length > 64) errors.region = intl.formatMessage({ id: 'settings.photos.region.tooLong' });
  const prefix = urlProblem(draft.publicUrlPrefix, 'publicUrlPrefix');
  if (prefix) errors.publicUrlPrefix = prefix;
  else if (!draft.publicUrlPrefix.trim().endsWith('/')) errors.publicUrlPrefix = intl.formatMessage({ id: 'settings.photos.publicUrlPrefix.noSlash' });
  const keyPrefix = draft.keyPrefix.trim();
  if (keyPrefix.length > 200 || !KEY_PREFIX.test(keyPrefix)) errors.keyPrefix = intl.formatMessage({ id: 'settings.photos.keyPrefix.invalid' });
  return errors;
}
