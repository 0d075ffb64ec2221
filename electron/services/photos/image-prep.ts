/**
 * Makes one image postable, or says why it cannot be: the platform takes JPEG or WebP of at most
 * 20 MB and 1080 px on the short side (photo-rules.ts). What it would refuse is fixed here —
 * other formats converted to JPEG, the short side brought down to 1080 px, files over 20 MB
 * recompressed, EXIF orientation applied, location metadata removed (unless the person turned
 * that off) — and every fix is reported as a change a person can read. An image that needs no
 * fix is sent byte for byte; one that needs only its location removed loses those metadata
 * segments and nothing else (never a recompression just for privacy).
 *
 * Runs in the photo worker (prep-worker.ts), never on the main thread. Uses sharp (libvips): its
 * prebuilt `@img/sharp-*` packages install from the registry without scripts and prepare a
 * 12-megapixel photo in about a tenth of a second (`npm run bench -- photos`).
 */
import { createHash } from 'node:crypto';
import { open, readFile, stat, writeFile } from 'node:fs/promises';
import type { default as SharpFunction, Metadata, Sharp } from 'sharp';
import { exifHasLocation, stripJpegMetadata, xmpHasLocation } from './location-metadata.js';
import { MAX_PHOTO_BYTES, MAX_SHORT_SIDE_PX } from './photo-rules.js';

export interface PrepOptions {
  /** Remove GPS and place names (EXIF, XMP, IPTC). The privacy default; a person can turn it off. */
  stripLocation: boolean;
}

export type PhotoChange =
  | { kind: 'converted'; from: string }
  | { kind: 'rotated'; orientation: number }
  | { kind: 'resized'; from: { width: number; height: number }; to: { width: number; height: number } }
  | { kind: 'recompressed'; fromBytes: number; toBytes: number; quality: number }
  | { kind: 'location_removed' }
  | { kind: 'flattened' }
  | { kind: 'first_frame'; frames: number };

export interface PreparedPhoto {
  format: 'jpeg' | 'webp';
  width: number;
  height: number;
  bytes: number;
  sha256: string;
  /** Empty when the file is sent exactly as it was. */
  changes: PhotoChange[];
}

export type PhotoRefusalCode = 'unreadable' | 'damaged' | 'not_a_photo' | 'unsupported_format' | 'heic_not_supported' | 'too_many_pixels' | 'cannot_fit_size' | 'prep_failed';

/**
 * A refusal is a code and its values (worded from the catalogs: `main.photo.refused.<code>`, by the
 * window in its language and by photo-service.ts in English for the API), and the image library's
 * own message, when it had one, for whoever opens "Details" (never in the sentence: it is libvips'
 * jargon, "VipsForeignLoad: … is not in a known format").
 */
export type PrepRefusal = { ok: false; code: PhotoRefusalCode; params: Record<string, string | number>; detail: string | null };
export type PrepResult = { ok: true; photo: PreparedPhoto } | PrepRefusal;

const refuse = (code: PhotoRefusalCode, params: Record<string, string | number> = {}, detail: string | null = null): PrepRefusal => ({ ok: false, code, params, detail });

/** Formats a person can drop; anything else is refused with its name. */
const READABLE = new Set(['jpeg', 'png', 'webp', 'heif', 'avif', 'tiff', 'gif']);
const FORMAT_NAMES: Record<string, string> = { jpeg: 'JPEG', png: 'PNG', webp: 'WebP', heif: 'HEIF', avif: 'AVIF', tiff: 'TIFF', gif: 'GIF', svg: 'SVG' };
/** Qualities tried in turn until the file is under 20 MB; 90 keeps a photo indistinguishable from its source. */
const QUALITY_STEPS = [90, 82, 74, 66, 58, 50];
/** Prepared photos live in the data dir, whose files are the owner's alone whatever the process umask (docs/APP.md "Files at rest"). */
const OWNER_ONLY = { mode: 0o600 } as const;
/** 100 megapixels: beyond any phone or camera photo, and bounded memory for the decoder (≈ 400 MB RGBA). */
export const MAX_INPUT_PIXELS = 100_000_000;

type SharpFactory = typeof SharpFunction;
let sharpModule: Promise<SharpFactory> | undefined;
/** Loaded on first use: the app starts without paying for libvips until someone adds a photo. */
export function loadSharp(): Promise<SharpFactory> {
  sharpModule ??= import('sharp').then((m) => m.default);
  return sharpModule;
}

/** Reads `inputPath`, writes the postable image to `outputPath`, answers what it did. Never throws. */
export async function prepareImage(inputPath: string, outputPath: string, options: PrepOptions): Promise<PrepResult> {
  try {
    return await prepare(inputPath, outputPath, options);
  } catch (error) {
    return refuse('unreadable', {}, decoderMessage(error));
  }
}

async function prepare(inputPath: string, outputPath: string, options: PrepOptions): Promise<PrepResult> {
  const sharp = await loadSharp();
  const head = await readHead(inputPath);
  if (isHeic(head) && !(await canDecode(sharp, inputPath))) return refuse('heic_not_supported');
  let meta: Metadata;
  try {
    meta = await sharp(inputPath, { limitInputPixels: false }).metadata();
  } catch (error) {
    // A video dropped among photos is said as one, not as libvips' "unsupported image format".
    return refuse(isVideo(head) ? 'not_a_photo' : 'unreadable', {}, decoderMessage(error));
  }
  const format = meta.format === 'heif' && meta.compression === 'av1' ? 'avif' : (meta.format as string);
  if (!READABLE.has(format)) {
    return refuse('unsupported_format', { format: FORMAT_NAMES[format] ?? format.toUpperCase() });
  }
  if (!meta.width || !meta.height) return refuse('unreadable');
  if (meta.width * meta.height > MAX_INPUT_PIXELS) {
    return refuse('too_many_pixels', { width: meta.width, height: meta.height, megapixels: Math.round((meta.width * meta.height) / 1e6), limit: MAX_INPUT_PIXELS / 1e6 });
  }
  const orientation = meta.orientation ?? 1;
  // Dimensions as the person sees the photo, once its orientation is applied.
  const turned = orientation >= 5;
  const upright = { width: turned ? meta.height : meta.width, height: turned ? meta.width : meta.height };
  const hasLocation = exifHasLocation(meta.exif) || xmpHasLocation(meta.xmp) || (meta.iptc?.length ?? 0) > 0;
  const removeLocation = options.stripLocation && hasLocation;
  const inputBytes = (await stat(inputPath)).size;
  const postable = format === 'jpeg' || format === 'webp';
  const frames = meta.pages ?? 1;
  const needsPixels = !postable || orientation !== 1 || Math.min(upright.width, upright.height) > MAX_SHORT_SIDE_PX || inputBytes > MAX_PHOTO_BYTES || frames > 1;

  // Sent without decoding: check the whole image decodes, so a cut-off file is refused here and
  // not by the platform (libvips shrinks on load, so this costs a few milliseconds).
  if (!needsPixels && !(await canDecode(sharp, inputPath))) {
    return refuse('damaged');
  }
  if (!needsPixels && !removeLocation) {
    const bytes = await readFile(inputPath);
    await writeFile(outputPath, bytes, OWNER_ONLY);
    return done({ format: format as 'jpeg' | 'webp', width: upright.width, height: upright.height }, bytes, []);
  }
  if (!needsPixels && format === 'jpeg') {
    const stripped = stripJpegMetadata(await readFile(inputPath));
    if (stripped) {
      await writeFile(outputPath, stripped, OWNER_ONLY);
      return done({ format: 'jpeg', width: upright.width, height: upright.height }, stripped, [{ kind: 'location_removed' }]);
    }
  }

  const changes: PhotoChange[] = [];
  if (format !== 'jpeg') changes.push({ kind: 'converted', from: format });
  if (frames > 1) changes.push({ kind: 'first_frame', frames });
  if (orientation !== 1) changes.push({ kind: 'rotated', orientation });
  const target = fitShortSide(upright);
  if (target.width !== upright.width || target.height !== upright.height) changes.push({ kind: 'resized', from: upright, to: target });
  if (meta.hasAlpha) changes.push({ kind: 'flattened' });
  if (removeLocation) changes.push({ kind: 'location_removed' });

  const pipeline = (): Sharp => {
    let image = sharp(inputPath, { limitInputPixels: MAX_INPUT_PIXELS }).autoOrient();
    if (target.width !== upright.width) image = image.resize({ width: target.width, height: target.height, fit: 'fill' });
    if (meta.hasAlpha) image = image.flatten({ background: '#ffffff' });
    // Without location stripping, the person's metadata goes along (orientation reset to upright);
    // with it, only the colour profile does.
    return options.stripLocation ? image.keepIccProfile() : image.keepMetadata();
  };
  for (const quality of QUALITY_STEPS) {
    const { data, info } = await pipeline().jpeg({ quality, chromaSubsampling: '4:2:0' }).toBuffer({ resolveWithObject: true });
    if (data.length > MAX_PHOTO_BYTES) continue;
    if (quality !== QUALITY_STEPS[0] || inputBytes > MAX_PHOTO_BYTES) changes.push({ kind: 'recompressed', fromBytes: inputBytes, toBytes: data.length, quality });
    await writeFile(outputPath, data, OWNER_ONLY);
    return done({ format: 'jpeg', width: info.width, height: info.height }, data, changes);
  }
  return refuse('cannot_fit_size', { quality: QUALITY_STEPS.at(-1)! });
}

/** Short side brought down to 1080 px, the long side in proportion; never enlarged. */
export function fitShortSide(size: { width: number; height: number }): { width: number; height: number } {
  const short = Math.min(size.width, size.height);
  if (short <= MAX_SHORT_SIDE_PX) return size;
  const scale = MAX_SHORT_SIDE_PX / short;
  return size.width <= size.height
    ? { width: MAX_SHORT_SIDE_PX, height: Math.max(1, Math.round(size.height * scale)) }
    : { width: Math.max(1, Math.round(size.width * scale)), height: MAX_SHORT_SIDE_PX };
}

function done(shape: { format: 'jpeg' | 'webp'; width: number; height: number }, bytes: Uint8Array, changes: PhotoChange[]): PrepResult {
  return { ok: true, photo: { ...shape, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), changes } };
}

async function readHead(path: string): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(64);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** HEIC: an ISO-BMFF `ftyp` whose brands name HEVC-coded images (AVIF is AV1 and decodes anywhere). */
const HEVC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);
export function isHeic(head: Uint8Array): boolean {
  const b = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (b.length < 16 || b.toString('latin1', 4, 8) !== 'ftyp') return false;
  const boxEnd = Math.min(b.length, b.readUInt32BE(0));
  for (let at = 8; at + 4 <= boxEnd; at += 4) if (HEVC_BRANDS.has(b.toString('latin1', at, at + 4))) return true;
  return false;
}

/**
 * Whether the image decodes to its end (sharp fails on a decoder warning by default, so a cut-off
 * file does too). For HEIC it asks whether this libvips build has an HEVC decoder: asked of the
 * file itself, so a build that has one is used.
 */
async function canDecode(sharp: SharpFactory, path: string): Promise<boolean> {
  try {
    await sharp(path, { limitInputPixels: MAX_INPUT_PIXELS }).resize(8, 8).raw().toBuffer();
    return true;
  } catch {
    return false;
  }
}

/**
 * A video's container by its first bytes: an ISO-BMFF `ftyp` that is not an image (MP4, MOV, 3GP;
 * HEIC and AVIF are ftyp too, and readable images never reach this test), Matroska/WebM's EBML
 * header, or an AVI.
 */
const IMAGE_BRANDS = new Set([...HEVC_BRANDS, 'mif1', 'msf1', 'avif', 'avis', 'heif']);
export function isVideo(head: Uint8Array): boolean {
  const b = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (b.length >= 12 && b.toString('latin1', 4, 8) === 'ftyp') return !IMAGE_BRANDS.has(b.toString('latin1', 8, 12));
  if (b.length >= 4 && b.readUInt32BE(0) === 0x1a45dfa3) return true;
  return b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'AVI ';
}

/** libvips' first line, without the file path it starts with (paths may name the person). */
function decoderMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const first = text.split('\n')[0] ?? '';
  return first.replace(/^[^:]*\/[^:]*:\s*/, '').slice(0, 160) || 'unknown decoder error';
}
