/**
 * Where photos are put before a photo post names them: op 7 takes only URLs under a prefix the
 * platform has verified for the app (docs/PLATFORM.md "Photos"), so local photos are hosted
 * first. Two hosts: the built-in sandbox's media host (sandbox-host.ts) and an S3-compatible
 * bucket whose public URL prefix the person has verified (s3-host.ts). Both answer values.
 */
import { words, type Words, type WordsParams } from '../../../core/contract/index.js';
import type { Result } from '../../../core/result.js';
import { sayWords } from '../../main-words.js';

export interface HostedFile {
  /** The public URL the platform downloads from. */
  url: string;
  bytes: number;
}

export type HostErrorCode =
  /** The bucket does not exist, or the host refuses to store there. */
  | 'bucket_refused'
  /** The access key is unknown or the signature does not match: the keys in the vault are wrong. */
  | 'wrong_key'
  /** Nothing in the vault for this host. */
  | 'keys_missing'
  /** No answer, or 5xx, after the retries. */
  | 'host_unreachable'
  /** Any other refusal, with the host's own words. */
  | 'host_refused'
  | 'file_unreadable';

export interface HostError {
  code: HostErrorCode;
  /** What happened and what to do, in a creator's words (the host named): `message` is their English. */
  words: Words;
  message: string;
  /** The host's own words (an S3 error code, a socket error), for the log and a "Details" disclosure. */
  detail?: string;
}

export interface PutRequest {
  /** The account the photo is posted for (the sandbox host uses its token). */
  openId: string;
  /** A name unique to this image of this post, the same on every attempt (re-hosting replaces). */
  name: string;
  path: string;
  contentType: 'image/jpeg' | 'image/webp';
  signal?: AbortSignal;
}

export interface MediaHost {
  put(request: PutRequest): Promise<Result<HostedFile, HostError>>;
  /** Removes a hosted file; removing one that is gone is not an error. */
  remove(openId: string, name: string): Promise<Result<void, HostError>>;
}

/** A host's failure, said by `main.photo.bucket.<said>` (its English is the message); the host's own words go to `detail`. */
export function hostError(code: HostErrorCode, said: string, params: WordsParams = {}, detail?: string): HostError {
  const value = words(`photo.bucket.${said}`, params);
  return { code, words: value, message: sayWords(value), ...(detail === undefined ? {} : { detail }) };
}
