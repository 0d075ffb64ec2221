/**
 * EXIF orientation, checked by the pixels and not only by the size: a photo stored turned or
 * mirrored, with the orientation that shows it upright, must come out of preparation upright.
 * Dimensions alone cannot tell (the short-side resize makes the right size out of a sideways
 * picture), so the picture is four solid quadrants of different colours, and each quadrant of the
 * output is compared with where it is in the upright picture.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { fitShortSide, prepareImage } from '../../../../../electron/services/photos/image-prep.js';

const dir = mkdtempSync(join(tmpdir(), 'dd-prep-orient-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Rgb = readonly [number, number, number];
/** Upright: red top left, green top right, blue bottom left, yellow bottom right (no symmetry maps one layout onto another). */
const QUADRANTS: readonly Rgb[] = [
  [220, 30, 30],
  [30, 200, 40],
  [30, 40, 220],
  [240, 220, 30],
];

function uprightColour(x: number, y: number, width: number, height: number): Rgb {
  return QUADRANTS[(y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)]!;
}

/**
 * Where a stored pixel shows once orientation `o` is applied (EXIF 2.3 / TIFF 6.0): the upright
 * coordinates of stored (x, y) in a stored picture of `w` × `h`.
 */
function shownAt(o: number, x: number, y: number, w: number, h: number): [number, number] {
  switch (o) {
    case 2: return [w - 1 - x, y]; // mirrored left to right
    case 3: return [w - 1 - x, h - 1 - y]; // turned 180°
    case 4: return [x, h - 1 - y]; // mirrored top to bottom
    case 5: return [y, x]; // transposed
    case 6: return [h - 1 - y, x]; // shown turned 90° clockwise
    case 7: return [h - 1 - y, w - 1 - x]; // transversed
    case 8: return [y, w - 1 - x]; // shown turned 90° anticlockwise
    default: return [x, y];
  }
}

/** Writes the quadrant picture, `width` × `height` as seen upright, stored so that orientation `o` shows it upright. */
async function storedTurned(o: number, width: number, height: number): Promise<string> {
  const sideways = o >= 5;
  const [w, h] = sideways ? [height, width] : [width, height];
  const pixels = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const [ux, uy] = shownAt(o, x, y, w, h);
      pixels.set(uprightColour(ux, uy, width, height), (y * w + x) * 3);
    }
  }
  const path = join(dir, `orientation-${o}-${width}x${height}.jpg`);
  await sharp(pixels, { raw: { width: w, height: h, channels: 3 } }).withMetadata({ orientation: o }).jpeg({ quality: 95 }).toFile(path);
  const meta = await sharp(path).metadata();
  expect([meta.width, meta.height, meta.orientation]).toEqual([w, h, o]);
  return path;
}

/** The mean colour of the middle of each quadrant of a decoded image (JPEG blurs only the edges). */
async function quadrantColours(path: string): Promise<{ width: number; height: number; colours: Rgb[] }> {
  // No autoOrient here: the output must already be upright as stored.
  const { data, info } = await sharp(path).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const colours: Rgb[] = [];
  for (const [qx, qy] of [[0, 0], [1, 0], [0, 1], [1, 1]] as const) {
    const cx = Math.floor((qx + 0.5) * (info.width / 2));
    const cy = Math.floor((qy + 0.5) * (info.height / 2));
    const r = Math.max(1, Math.floor(Math.min(info.width, info.height) / 10));
    const sum = [0, 0, 0];
    let n = 0;
    for (let y = cy - r; y <= cy + r; y++) {
      for (let x = cx - r; x <= cx + r; x++) {
        const at = (y * info.width + x) * info.channels;
        for (let c = 0; c < 3; c++) sum[c]! += data[at + c]!;
        n++;
      }
    }
    colours.push(sum.map((s) => Math.round(s / n)) as unknown as Rgb);
  }
  return { width: info.width, height: info.height, colours };
}

function expectColoursClose(actual: readonly Rgb[], expected: readonly Rgb[]): void {
  const off = actual.map((colour, i) => Math.max(...colour.map((c, k) => Math.abs(c - expected[i]![k]!))));
  expect(off.every((d) => d <= 12), `quadrant colours ${JSON.stringify(actual)}, upright ${JSON.stringify(expected)}`).toBe(true);
}

describe('image preparation turns photos upright (compared by pixels)', () => {
  it.each([2, 3, 4, 5, 6, 7, 8])('orientation %i: the output shows the picture as the camera saw it, with no orientation left', async (o) => {
    const input = await storedTurned(o, 96, 64);
    const out = join(dir, `out-${o}.jpg`);
    const result = await prepareImage(input, out, { stripLocation: true });
    if (!result.ok) throw new Error(`refused: ${result.code} ${result.detail ?? ''}`);
    expect(result.photo.changes).toContainEqual({ kind: 'rotated', orientation: o });
    expect([result.photo.width, result.photo.height]).toEqual([96, 64]);
    const meta = await sharp(out).metadata();
    expect(meta.orientation ?? 1).toBe(1);
    const seen = await quadrantColours(out);
    expect([seen.width, seen.height]).toEqual([96, 64]);
    expectColoursClose(seen.colours, QUADRANTS);
  });

  it('a sideways photo over 1080 px is turned and then resized, not squeezed into the upright size', async () => {
    const input = await storedTurned(6, 1200, 1620);
    const out = join(dir, 'out-6-large.jpg');
    const result = await prepareImage(input, out, { stripLocation: false });
    if (!result.ok) throw new Error(`refused: ${result.code} ${result.detail ?? ''}`);
    const target = fitShortSide({ width: 1200, height: 1620 });
    const seen = await quadrantColours(out);
    expect([seen.width, seen.height]).toEqual([target.width, target.height]);
    expectColoursClose(seen.colours, QUADRANTS);
    // The person's metadata went along (location stripping off), with the orientation reset.
    expect((await sharp(out).metadata()).orientation ?? 1).toBe(1);
  });
});
