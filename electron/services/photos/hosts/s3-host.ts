/**
 * An S3-compatible bucket as the photo host (AWS S3, R2, MinIO, B2, Wasabi …): the person names
 * the endpoint, bucket, region, path-style addressing and the public URL prefix they verified on
 * the platform; the access keys live in the vault and are read at each request, never kept in
 * settings or logged. Files up to MULTIPART_THRESHOLD go in one PUT; larger ones as a multipart
 * upload (a part failing is retried alone, and an upload that cannot finish is aborted so the
 * bucket keeps no orphan parts). Network errors, timeouts, 5xx and 429 are retried with backoff.
 */
import { open, stat } from 'node:fs/promises';
import type { Logger } from '../../../../common/log.js';
import type { HttpSend } from '../../../../platform-api/http.js';
import type { PlatformError, RawAnswer } from '../../../../platform-api/errors.js';
import { err, ok, type Result } from '../../../core/result.js';
import { hostError, type HostedFile, type HostError, type MediaHost, type PutRequest } from './media-host.js';
import { realSleep, sendWithRetries } from './retry.js';
import { signS3, type S3Keys } from './s3-signing.js';

export interface S3HostConfig {
  /** e.g. `https://s3.eu-west-1.amazonaws.com`, or a MinIO/R2 endpoint. */
  endpoint: string;
  bucket: string;
  region: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and most self-hosted stores). */
  pathStyle: boolean;
  /** Where the bucket's objects are publicly readable, verified on the platform; the key is appended. */
  publicUrlPrefix: string;
  /** Folder inside the bucket, e.g. `draftdeck/` (may be empty). */
  keyPrefix: string;
}

/** S3's smallest part (except the last) is 5 MiB; photos over 8 MiB go in parts of 5 MiB. */
export const MULTIPART_THRESHOLD = 8 * 1024 * 1024;
export const PART_BYTES = 5 * 1024 * 1024;

export interface S3HostOptions {
  config: S3HostConfig;
  /** Read from the vault at each request, so new keys apply at once. */
  keys: () => S3Keys | undefined;
  send: HttpSend;
  log?: Logger;
  sleep?: (ms: number) => Promise<void>;
}

type Answer = Result<RawAnswer, HostError>;

/** The bucket as a photo host, and the one read the connection test needs (test-s3-host.ts). */
export interface S3Host extends MediaHost {
  /** The host as messages name it (with virtual-host addressing, the bucket's own). */
  name: string;
  /** An object's body as text. */
  read(name: string): Promise<Result<string, HostError>>;
}

export function s3Host(options: S3HostOptions): S3Host {
  const { config, send } = options;
  const sleep = options.sleep ?? realSleep;
  const keyOf = (name: string) => `${config.keyPrefix}${name}`;

  function objectUrl(key: string, query = ''): URL {
    const endpoint = new URL(config.endpoint);
    const path = key.split('/').map(encodeURIComponent).join('/');
    const base = config.pathStyle ? `${endpoint.origin}${endpoint.pathname.replace(/\/+$/, '')}/${config.bucket}/${path}` : `${endpoint.protocol}//${config.bucket}.${endpoint.host}/${path}`;
    return new URL(`${base}${query}`);
  }
  /** The host the person named, as messages and log lines say it (the bucket's own name with virtual-host addressing). */
  const host = (() => {
    try {
      return objectUrl('').host;
    } catch {
      return config.endpoint;
    }
  })();

  /** One signed request (signed again on each attempt: the date is part of the signature), retried while the failure is transient. Keys are read once per request from the vault. */
  async function call(method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: URL, what: string, body?: Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}, signal?: AbortSignal): Promise<Answer> {
    const keys = options.keys();
    if (!keys) return err(hostError('keys_missing', 'keys_missing'));
    const answer = await sendWithRetries(
      () => {
        const signed = signS3({ method, url, region: config.region, headers, body }, keys);
        return send({ method, url: signed.url, headers: signed.headers, body, signal, logAs: `s3 ${what}`, timeoutMs: 120_000 });
      },
      { what: `s3 ${what}`, host: url.host, log: options.log, sleep },
    );
    if (!answer.ok) return err(networkError(answer.error, host));
    if (answer.value.status >= 500 || answer.value.status === 429) return err(refusal(answer.value, host));
    return answer;
  }

  async function putWhole(key: string, request: PutRequest, size: number): Promise<Result<void, HostError>> {
    const body = await readRange(request.path, 0, size);
    if (!body) return err(unreadable());
    const answer = await call('PUT', objectUrl(key), 'put', body, { 'content-type': request.contentType }, request.signal);
    if (!answer.ok) return answer;
    return answer.value.status === 200 ? ok(undefined) : err(refusal(answer.value, host));
  }

  async function putInParts(key: string, request: PutRequest, size: number): Promise<Result<void, HostError>> {
    const started = await call('POST', objectUrl(key, '?uploads'), 'multipart start', undefined, { 'content-type': request.contentType }, request.signal);
    if (!started.ok) return started;
    const uploadId = xmlValue(started.value.text, 'UploadId');
    if (started.value.status !== 200 || !uploadId) return err(refusal(started.value, host));
    const parts: { number: number; etag: string }[] = [];
    const abort = async (why: HostError) => {
      await call('DELETE', objectUrl(key, `?uploadId=${encodeURIComponent(uploadId)}`), 'multipart abort');
      return err(why);
    };
    for (let first = 0, number = 1; first < size; first += PART_BYTES, number++) {
      const body = await readRange(request.path, first, Math.min(PART_BYTES, size - first));
      if (!body) return abort(unreadable());
      const answer = await call('PUT', objectUrl(key, `?partNumber=${number}&uploadId=${encodeURIComponent(uploadId)}`), `part ${number}`, body, {}, request.signal);
      if (!answer.ok) return abort(answer.error);
      const etag = answer.value.headers.get('etag');
      if (answer.value.status !== 200 || !etag) return abort(refusal(answer.value, host));
      parts.push({ number, etag });
    }
    const manifest = `<CompleteMultipartUpload>${parts.map((p) => `<Part><PartNumber>${p.number}</PartNumber><ETag>${escapeXml(p.etag)}</ETag></Part>`).join('')}</CompleteMultipartUpload>`;
    const done = await call('POST', objectUrl(key, `?uploadId=${encodeURIComponent(uploadId)}`), 'multipart complete', new TextEncoder().encode(manifest) as Uint8Array<ArrayBuffer>, { 'content-type': 'application/xml' }, request.signal);
    if (!done.ok) return abort(done.error);
    // S3 may answer 200 with an <Error> body when completing fails late.
    if (done.value.status !== 200 || xmlValue(done.value.text, 'Code')) return abort(refusal(done.value, host));
    return ok(undefined);
  }

  return {
    name: host,
    async put(request): Promise<Result<HostedFile, HostError>> {
      const size = await stat(request.path).then((s) => s.size, () => -1);
      if (size < 0) return err(unreadable());
      const key = keyOf(request.name);
      const stored = size > MULTIPART_THRESHOLD ? await putInParts(key, request, size) : await putWhole(key, request, size);
      if (!stored.ok) return stored;
      return ok({ url: `${config.publicUrlPrefix}${key.split('/').map(encodeURIComponent).join('/')}`, bytes: size });
    },
    async read(name) {
      const answer = await call('GET', objectUrl(keyOf(name)), 'read');
      if (!answer.ok) return answer;
      return answer.value.status === 200 ? ok(answer.value.text) : err(refusal(answer.value, host));
    },
    async remove(_openId, name) {
      const answer = await call('DELETE', objectUrl(keyOf(name)), 'delete');
      if (!answer.ok) return answer;
      return answer.value.status === 204 || answer.value.status === 200 || answer.value.status === 404 ? ok(undefined) : err(refusal(answer.value, host));
    },
  };
}

async function readRange(path: string, position: number, length: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
  try {
    const file = await open(path, 'r');
    try {
      const buffer = new Uint8Array(length);
      const { bytesRead } = await file.read(buffer, 0, length, position);
      return bytesRead === length ? buffer : undefined;
    } finally {
      await file.close();
    }
  } catch {
    return undefined;
  }
}

function xmlValue(text: string, tag: string): string | undefined {
  return new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(text)?.[1];
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * An S3 error answer in words that name the host and what to do; the host's own code and message
 * go to `detail` (the log and a "Details" disclosure), not into the sentence.
 */
export function refusal(answer: RawAnswer, host: string): HostError {
  const code = xmlValue(answer.text, 'Code') ?? `HTTP ${answer.status}`;
  const said = xmlValue(answer.text, 'Message');
  const detail = said ? `${code}: ${said}` : code;
  if (code === 'InvalidAccessKeyId' || code === 'SignatureDoesNotMatch') return hostError('wrong_key', 'wrong_key', { host }, detail);
  if (code === 'NoSuchBucket' || code === 'AccessDenied' || code === 'AllAccessDisabled' || code === 'PermanentRedirect') return hostError('bucket_refused', 'bucket_refused', { host }, detail);
  if (answer.status >= 500 || answer.status === 429) return hostError('host_unreachable', 'failing', { host }, detail);
  return hostError('host_refused', 'host_refused', { host }, detail);
}

function networkError(error: PlatformError, host: string): HostError {
  return hostError('host_unreachable', 'unreachable', { host }, error.message);
}

function unreadable(): HostError {
  return hostError('file_unreadable', 'file_unreadable');
}
