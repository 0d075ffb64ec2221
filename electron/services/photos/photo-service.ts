/**
 * Photos: prepares dropped images in the worker (photo-prep.ts) with progress, keeps the prepared
 * files under the data dir until they are posted, and turns a batch of posts for one or more
 * accounts into photo drafts of the one queue (photo-kind.ts does the hosting and op 7). The photo
 * host follows the settings at each call; the S3 keys live in the vault.
 */
import { randomBytes } from 'node:crypto';
import { link, mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { Logger } from '../../../common/log.js';
import type { HttpSend } from '../../../platform-api/http.js';
import { words, type DraftView, type PhotoPostInput, type PreparedImage, type Words } from '../../core/contract/index.js';
import type { EventSink } from '../../core/events.js';
import { AppError } from '../../core/result.js';
import type { SettingsService } from '../settings.js';
import type { PhotoImage, PhotoPost, TokenSource, UploadService } from '../uploads/ports.js';
import type { Vault } from '../vault/vault.js';
import { refusal, sayWords } from '../main-words.js';
import type { MediaHost } from './hosts/media-host.js';
import { testS3Connection, type ConnectionTestResult } from './hosts/s3-connection-test.js';
import { s3Host, type S3HostConfig } from './hosts/s3-host.js';
import { sandboxHost } from './hosts/sandbox-host.js';
import { coverThumbnail } from './cover-thumbnail.js';
import type { PhotoPrep } from './photo-prep.js';

/** The vault entry of the S3 photo host's keys (one JSON value, never in settings or a log). */
export const S3_KEYS_ENTRY = 'photos.s3-keys';
const S3Keys = z.object({ accessKeyId: z.string(), secretAccessKey: z.string() });

/**
 * A draft's key in the names its photos are hosted under: random, and hex, so every name starts
 * with a letter or a digit as hosts require (the sandbox's media host refuses a leading `-` or
 * `_`, which a base64url key had in one draft of 32: the post failed).
 */
export function hostedNameKey(random: Buffer = randomBytes(9)): string {
  return random.toString('hex');
}

/** The name an image of a draft is hosted under, the same on every attempt (re-hosting replaces it). */
export function hostedName(key: string, index: number, ext: 'jpg' | 'webp'): string {
  return `${key}-${index}.${ext}`;
}

export interface PhotoServiceDeps {
  dataDir: string;
  prep: PhotoPrep;
  uploads: UploadService;
  settings: SettingsService;
  vault: Vault;
  hub: EventSink;
  /** For "Test connection" of an S3 bucket. */
  send: HttpSend;
  log: Logger;
}

interface Prepared {
  path: string;
  bytes: number;
  contentType: 'image/jpeg' | 'image/webp';
}

export class PhotoService {
  /** Prepared images not posted yet, by id. A restart forgets them: drop the photos again. */
  private readonly prepared = new Map<string, Prepared>();
  private readonly dir: string;

  constructor(private readonly deps: PhotoServiceDeps) {
    this.dir = join(deps.dataDir, 'photos');
  }

  /** Prepares each file (in the worker), reporting progress; a file that cannot be posted says why. */
  async prepare(files: { path: string; name: string }[]): Promise<PreparedImage[]> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const ids = files.map(() => randomBytes(18).toString('base64url'));
    const { stripLocation } = this.deps.settings.get().photos;
    this.deps.hub.emit('photos.progress', { done: 0, total: files.length });
    const results = await this.deps.prep.prepare(
      files.map((file, i) => ({ inputPath: file.path, outputPath: join(this.dir, ids[i]!) })),
      { stripLocation },
      (progress) => this.deps.hub.emit('photos.progress', { done: progress.done, total: progress.total }),
    );
    return results.map((result, i): PreparedImage => {
      const name = files[i]!.name;
      if (!result.ok) {
        const said = words(`photo.refused.${result.code}`, result.params);
        return { imageId: null, name, width: null, height: null, bytes: null, format: null, changes: [], refusal: { code: result.code, message: sayWords(said), words: said, detail: result.detail } };
      }
      const { photo } = result;
      this.prepared.set(ids[i]!, { path: join(this.dir, ids[i]!), bytes: photo.bytes, contentType: photo.format === 'webp' ? 'image/webp' : 'image/jpeg' });
      return { imageId: ids[i]!, name, width: photo.width, height: photo.height, bytes: photo.bytes, format: photo.format, changes: photo.changes, refusal: null };
    });
  }

  /** Each post to each account becomes a photo draft; every image gets its own copy per draft (each draft frees its own). */
  async post(openIds: string[], posts: PhotoPostInput[], checkAccount: (openId: string) => Words | null): Promise<DraftView[]> {
    for (const openId of openIds) {
      const unusable = checkAccount(openId);
      if (unusable) throw new AppError('account_unusable', sayWords(unusable), unusable);
    }
    const settings = this.deps.settings.get();
    if (settings.photos.host.kind === 'sandbox' && settings.profile.kind !== 'sandbox') {
      throw refusal('photo_host_needed', 'photo.host_needed');
    }
    // Claimed before the first await: a second call with the same images at once (the automation
    // API allows it) is refused here instead of finding them deleted halfway through its links.
    const claimed = this.claim(posts);
    const copies: string[] = [];
    let added: DraftView[];
    try {
      added = await this.queuePosts(openIds, posts, claimed, copies, settings.photos.keepHosted);
    } catch (error) {
      // Nothing of a failed post stays: its links go, and its images are prepared again for a retry.
      for (const copy of copies) await rm(copy, { force: true });
      for (const [id, source] of claimed) this.prepared.set(id, source);
      throw error;
    }
    // The batch's own prepared files are no longer needed: each draft holds its links.
    for (const source of claimed.values()) await rm(source.path, { force: true });
    return added;
  }

  /** Takes the batch's prepared images out of `prepared` (all or none): one call at a time can post them. */
  private claim(posts: PhotoPostInput[]): Map<string, Prepared> {
    const claimed = new Map<string, Prepared>();
    for (const post of posts) {
      for (const image of post.images) {
        if (image.kind !== 'prepared' || claimed.has(image.imageId)) continue;
        const source = this.prepared.get(image.imageId);
        if (!source) throw refusal('photo_not_prepared', 'photo.not_prepared');
        claimed.set(image.imageId, source);
      }
    }
    for (const id of claimed.keys()) this.prepared.delete(id);
    return claimed;
  }

  /** Links each claimed image into each draft (noting every link in `copies`) and queues the drafts. */
  private async queuePosts(openIds: string[], posts: PhotoPostInput[], claimed: ReadonlyMap<string, Prepared>, copies: string[], keepHosted: boolean): Promise<DraftView[]> {
    const covers = await Promise.all(posts.map((post) => this.cover(post, claimed)));
    const drafts: { openId: string; post: PhotoPost; cover: string | null }[] = [];
    for (const openId of openIds) {
      for (const [postIndex, post] of posts.entries()) {
        const key = hostedNameKey();
        const images: PhotoImage[] = [];
        for (const [index, image] of post.images.entries()) {
          if (image.kind === 'url') {
            images.push({ path: null, name: `${key}-${index}`, contentType: image.url.toLowerCase().endsWith('.webp') ? 'image/webp' : 'image/jpeg', bytes: 0, url: image.url });
            continue;
          }
          const source = claimed.get(image.imageId)!;
          const ext = source.contentType === 'image/webp' ? 'webp' : 'jpg';
          const name = hostedName(key, index, ext);
          const copy = join(this.dir, name);
          await link(source.path, copy);
          copies.push(copy);
          images.push({ path: copy, name, contentType: source.contentType, bytes: source.bytes, url: null });
        }
        drafts.push({ openId, post: { title: post.title, description: post.description, coverIndex: post.coverIndex, keepHosted, hosting: false, images }, cover: covers[postIndex]! });
      }
    }
    // Queued together once every copy exists: one action, one batch (one notice).
    return this.deps.uploads.addPhotoPosts(drafts);
  }

  /** The post's picture in the queue, from its cover's prepared file (none for a pasted URL, or a file sharp cannot read again). */
  private async cover(post: PhotoPostInput, claimed: ReadonlyMap<string, Prepared>): Promise<string | null> {
    const image = post.images[post.coverIndex];
    if (image?.kind !== 'prepared') return null;
    try {
      return await coverThumbnail(claimed.get(image.imageId)!.path);
    } catch (error) {
      this.deps.log.warn({ err: error }, 'could not make a photo post’s cover picture');
      return null;
    }
  }

  /**
   * At start, before anything is prepared: the prepared photos of the last run are unusable
   * (their ids lived in its memory), so every file in the photos folder that no draft holds goes.
   */
  async sweep(): Promise<void> {
    const held = this.deps.uploads.photoFiles();
    const names = await readdir(this.dir).catch(() => [] as string[]);
    for (const name of names) {
      const path = join(this.dir, name);
      if (!held.has(path)) await rm(path, { force: true }).catch(() => undefined);
    }
  }

  async setS3Keys(keys: { accessKeyId: string; secretAccessKey: string }): Promise<{ stored: true }> {
    await this.deps.vault.set(S3_KEYS_ENTRY, JSON.stringify(keys));
    return { stored: true };
  }

  /** Settings › Photos "Test connection": the bucket as described (saved or not), with the keys in the vault. */
  async testS3(config: S3HostConfig): Promise<ConnectionTestResult> {
    const host = s3Host({ config, keys: () => s3KeysFromVault(this.deps.vault), send: this.deps.send, log: this.deps.log });
    const result = await testS3Connection(host, host.name);
    if (!result.ok) this.deps.log.warn({ host: host.name, step: result.step, detail: result.detail }, 'photo bucket connection test failed');
    return result;
  }

  /** Whether keys are stored: the renderer learns that much and never the keys. */
  s3KeysStatus(): { stored: boolean } {
    return { stored: this.deps.vault.get(S3_KEYS_ENTRY) !== undefined };
  }
}

export interface PhotoHostDeps {
  settings: SettingsService;
  vault: Vault;
  tokens: TokenSource;
  send: HttpSend;
  log: Logger;
}

function s3KeysFromVault(vault: Vault): z.infer<typeof S3Keys> | undefined {
  const raw = vault.get(S3_KEYS_ENTRY);
  const parsed = raw === undefined ? undefined : S3Keys.safeParse(JSON.parse(raw));
  return parsed?.success ? parsed.data : undefined;
}

/** The photo host of the settings at the time of the call (the S3 keys read from the vault at each request). */
export function currentPhotoHost(deps: PhotoHostDeps): MediaHost {
  const { host } = deps.settings.get().photos;
  if (host.kind === 'sandbox') return sandboxHost({ tokens: deps.tokens, send: deps.send, log: deps.log });
  return s3Host({
    config: host,
    keys: () => s3KeysFromVault(deps.vault),
    send: deps.send,
    log: deps.log,
  });
}
