import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { fitShortSide, isHeic, isVideo, prepareImage, type PrepResult } from '../../../../../electron/services/photos/image-prep.js';
import { exifHasLocation } from '../../../../../electron/services/photos/location-metadata.js';
import { MAX_PHOTO_BYTES } from '../../../../../electron/services/photos/photo-rules.js';
import { fixture, fixturePath, problemPath } from '../../../../support/photos.js';

const dir = mkdtempSync(join(tmpdir(), 'dd-prep-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function prep(input: string, stripLocation = true): Promise<{ result: PrepResult; out: string }> {
  const out = join(dir, `out-${++n}`);
  return { result: await prepareImage(input, out, { stripLocation }), out };
}

function prepared(result: PrepResult) {
  if (!result.ok) throw new Error(`refused: ${result.code} ${result.detail ?? ''}`);
  return result.photo;
}

describe('image preparation', () => {
  it('sends a postable JPEG byte for byte, with no change listed', async () => {
    const photo = fixture((p) => p.format === 'jpeg' && p.orientation === 1 && !p.gps && Math.min(p.width, p.height) <= 1080);
    const { result, out } = await prep(fixturePath(photo.name));
    const done = prepared(result);
    expect(done.changes).toEqual([]);
    expect(readFileSync(out)).toEqual(readFileSync(fixturePath(photo.name)));
    expect(done.sha256).toBe(sha256(readFileSync(fixturePath(photo.name))));
    expect([done.width, done.height]).toEqual([photo.width, photo.height]);
  });

  it('removes GPS from a JPEG without recompressing it: only the metadata segment goes', async () => {
    const photo = fixture((p) => p.format === 'jpeg' && p.orientation === 1 && p.gps && Math.min(p.width, p.height) <= 1080);
    const input = readFileSync(fixturePath(photo.name));
    expect(exifHasLocation((await sharp(input).metadata()).exif)).toBe(true);
    const { result, out } = await prep(fixturePath(photo.name));
    expect(prepared(result).changes).toEqual([{ kind: 'location_removed' }]);
    const output = readFileSync(out);
    expect(exifHasLocation((await sharp(output).metadata()).exif)).toBe(false);
    // The entropy-coded image data is the same bytes: nothing was re-encoded.
    const scan = (b: Buffer) => b.subarray(b.indexOf(Buffer.from([0xff, 0xda])));
    expect(sha256(scan(output))).toBe(sha256(scan(input)));
    expect(output.length).toBeLessThan(input.length);
  });

  it('keeps the location when the person turned stripping off', async () => {
    const photo = fixture((p) => p.format === 'jpeg' && p.orientation === 1 && p.gps && Math.min(p.width, p.height) <= 1080);
    const { result, out } = await prep(fixturePath(photo.name), false);
    expect(prepared(result).changes).toEqual([]);
    expect(exifHasLocation((await sharp(readFileSync(out)).metadata()).exif)).toBe(true);
  });

  it('applies EXIF orientation and brings the short side down to 1080 px', async () => {
    const photo = fixture((p) => p.orientation === 6 && Math.min(p.width, p.height) > 1080);
    const stored = await sharp(fixturePath(photo.name)).metadata();
    expect([stored.width, stored.height]).toEqual([photo.height, photo.width]); // stored sideways
    const { result, out } = await prep(fixturePath(photo.name));
    const done = prepared(result);
    const target = fitShortSide({ width: photo.width, height: photo.height });
    expect(done.changes).toContainEqual({ kind: 'rotated', orientation: 6 });
    expect(done.changes).toContainEqual({ kind: 'resized', from: { width: photo.width, height: photo.height }, to: target });
    const meta = await sharp(out).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([target.width, target.height]);
    expect(Math.min(meta.width, meta.height)).toBe(1080);
    expect(meta.orientation ?? 1).toBe(1);
  });

  it('converts PNG to JPEG and fills transparency with white', async () => {
    const photo = fixture((p) => p.alpha);
    const { result, out } = await prep(fixturePath(photo.name));
    const done = prepared(result);
    expect(done.changes.map((c) => c.kind)).toEqual(expect.arrayContaining(['converted', 'flattened']));
    const meta = await sharp(out).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.hasAlpha).toBe(false);
    expect(done.changes).toContainEqual({ kind: 'converted', from: 'png' });
  });

  it('sends a postable WebP as it is, and converts AVIF to JPEG', async () => {
    const webp = fixture((p) => p.format === 'webp' && Math.min(p.width, p.height) <= 1080);
    const kept = await prep(fixturePath(webp.name));
    expect(prepared(kept.result)).toMatchObject({ format: 'webp', changes: [] });
    const avif = fixture((p) => p.format === 'avif');
    const converted = await prep(fixturePath(avif.name));
    expect(prepared(converted.result).changes[0]).toEqual({ kind: 'converted', from: 'avif' });
    expect((await sharp(converted.out).metadata()).format).toBe('jpeg');
  });

  it('keeps the first frame of an animation and says so', async () => {
    const { result, out } = await prep(problemPath('animated.gif'));
    expect(prepared(result).changes).toEqual(expect.arrayContaining([{ kind: 'converted', from: 'gif' }, { kind: 'first_frame', frames: 3 }]));
    expect((await sharp(out).metadata()).pages ?? 1).toBe(1);
  });

  it('recompresses a file over 20 MB until it fits', async () => {
    // A photo carrying 20 MB of comment segments (as some editors leave behind): over the limit
    // by its bytes, not its pixels, so re-encoding it is cheap. (Noise big enough to be over
    // 20 MB by its pixels cost 20–30 s of CPU a run, past the test's timeout on a busy machine.)
    const photo = await sharp({ create: { width: 1080, height: 1350, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).jpeg({ quality: 90 }).toBuffer();
    const segment = Buffer.concat([Buffer.from([0xff, 0xfe, 0xff, 0xff]), Buffer.alloc(0xffff - 2, 0x20)]);
    const segments = Math.ceil((MAX_PHOTO_BYTES + 1 - photo.length) / segment.length);
    const big = join(dir, 'big.jpg');
    writeFileSync(big, Buffer.concat([photo.subarray(0, 2), ...Array.from({ length: segments }, () => segment), photo.subarray(2)]));
    const inputBytes = readFileSync(big).length;
    expect(inputBytes).toBeGreaterThan(MAX_PHOTO_BYTES);
    expect(await sharp(big).metadata()).toMatchObject({ format: 'jpeg', width: 1080, height: 1350 });
    const { result, out } = await prep(big);
    const done = prepared(result);
    const change = done.changes.find((c) => c.kind === 'recompressed');
    expect(change).toMatchObject({ kind: 'recompressed', fromBytes: inputBytes, toBytes: done.bytes });
    expect(readFileSync(out).length).toBeLessThanOrEqual(MAX_PHOTO_BYTES);
    expect([done.width, done.height]).toEqual([1080, 1350]);
  });

  it('refuses HEIC with the reason when this build has no HEVC decoder, and converts it when it has one', async () => {
    const heic = problemPath('iphone.heic');
    expect(isHeic(readFileSync(heic).subarray(0, 64))).toBe(true);
    const decodable = await sharp(heic).jpeg().toBuffer().then(() => true, () => false);
    const { result } = await prep(heic);
    if (decodable) expect(prepared(result).changes[0]).toEqual({ kind: 'converted', from: 'heif' });
    else expect(result).toMatchObject({ ok: false, code: 'heic_not_supported', params: {}, detail: null });
  });

  it('names what cannot be fixed: a drawing, a text file, a cut-off JPEG', async () => {
    expect((await prep(problemPath('drawing.svg'))).result).toEqual({ ok: false, code: 'unsupported_format', params: { format: 'SVG' }, detail: null });
    // The image library's own words go to Details, never into the sentence.
    expect((await prep(problemPath('notes.jpg'))).result).toMatchObject({ ok: false, code: 'unreadable', detail: expect.any(String) });
    expect((await prep(problemPath('cut-off.jpg'))).result).toMatchObject({ ok: false, code: 'damaged' });
  });

  it('says a video dropped among photos is a video (MP4, MOV, WebM), not an unreadable image', async () => {
    for (const name of ['tiny-1s-h264.mp4', 'smptebars-1s-mpeg4.mov', 'testsrc2-2s-vp9.webm']) {
      const path = join(fileURLToPath(new URL('../../../../fixtures/media/', import.meta.url)), name);
      expect(isVideo(readFileSync(path).subarray(0, 64)), name).toBe(true);
      expect((await prep(path)).result, name).toMatchObject({ ok: false, code: 'not_a_photo' });
    }
    expect(isVideo(readFileSync(problemPath('iphone.heic')).subarray(0, 64))).toBe(false);
  });

  it('writes each prepared photo owner-only (0600), whatever the process umask', { skip: process.platform === 'win32' }, async () => {
    // The embedded backend sets umask 077 for PGlite's files; without it (a custom profile) the
    // default 022 would leave the photos in the data dir readable by everyone.
    const previous = process.umask(0o022);
    try {
      const plain = fixture((p) => p.format === 'jpeg' && p.orientation === 1 && !p.gps && Math.min(p.width, p.height) <= 1080);
      const located = fixture((p) => p.format === 'jpeg' && p.orientation === 1 && p.gps && Math.min(p.width, p.height) <= 1080);
      const rotated = fixture((p) => p.format === 'jpeg' && p.orientation !== 1);
      // Each of the three ways a photo is written: as it is, with its metadata segment removed, re-encoded.
      const written = [await prep(fixturePath(plain.name), false), await prep(fixturePath(located.name)), await prep(fixturePath(rotated.name))];
      expect(written.map(({ result }) => (result.ok ? result.photo.changes.map((c) => c.kind) : result.code))).toEqual([[], ['location_removed'], expect.arrayContaining(['rotated'])]);
      for (const { out } of written) expect((statSync(out).mode & 0o777).toString(8), out).toBe('600');
    } finally {
      process.umask(previous);
    }
  });

  it('fits the short side in proportion and never enlarges', () => {
    expect(fitShortSide({ width: 4000, height: 3000 })).toEqual({ width: 1440, height: 1080 });
    expect(fitShortSide({ width: 3000, height: 4000 })).toEqual({ width: 1080, height: 1440 });
    expect(fitShortSide({ width: 800, height: 600 })).toEqual({ width: 800, height: 600 });
  });
});
