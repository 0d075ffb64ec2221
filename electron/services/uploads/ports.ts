/**
 * What the upload engine needs from the rest of the app, as an interface: a way to call with an
 * account's fresh access token (the accounts service implements it). The platform's publish
 * operations are the api layer's PublishApi (platform-api/publish.ts).
 */
import type { ApiResult } from '../../../platform-api/errors.js';

export interface TokenSource {
  /**
   * Runs `fn` with a valid access token for the account and the base URL of the platform that
   * issued it (a token goes only where it came from, even if the profile changes meanwhile),
   * refreshing once on access_token_invalid. When no token can be had, the answer is that
   * failure as a value: kind `auth` (sign_in_again, no_account, …) makes the engine wait for the
   * person, `network` / `timeout` makes it retry.
   */
  withAccessToken<T>(openId: string, fn: (accessToken: string, baseUrl: string) => Promise<ApiResult<T>>): Promise<ApiResult<T>>;
}

/** What the photos service uses of the engine: it adds a media kind and photo drafts through these. */
export type { MediaKind, ReleaseReason } from './media-kind.js';
export type { DraftRecord, PhotoImage, PhotoPost } from './draft.js';
export { describeFailReason, isKnownFailCode } from './fail-codes.js';
export type { UploadService } from './upload-service.js';
export type { IncomingFiles } from './incoming-files.js';

/** What watch folders use of the engine: they add drafts through UploadService.add, and keep each taken file's fingerprint. */
export type { NewDraftFile } from './upload-service.js';
export type { AccountCheck } from './draft-channels.js';
export { fingerprintFile, type Fingerprint } from './fingerprint.js';
