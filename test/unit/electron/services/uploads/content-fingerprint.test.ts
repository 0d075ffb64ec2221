import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SAMPLE_BYTES, contentFingerprint, fileKeys, sampleRanges } from '../../../../../electron/services/uploads/content-fingerprint.js';
import { fingerprintFile } from '../../../../../electron/services/uploads/fingerprint.js';

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'dd-cf-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, bytes: Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

/** The same bytes as before, written straight into a Buffer (an array of 7 million numbers first cost seconds). */
function patterned(size: number, seed: number): Buffer {
  const bytes = Buffer.allocUnsafe(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + seed) & 0xff;
  return bytes;
}

describe('content fingerprint', () => {
  it('is the same for the same bytes under another name, and differs with a byte changed in any sampled part or a different size', async () => {
    const size = 5 * SAMPLE_BYTES + 123;
    const bytes = patterned(size, 7);
    const key = await contentFingerprint(file('a.mp4', bytes));
    expect(await contentFingerprint(file('copy of a.mp4', Buffer.from(bytes)))).toBe(key);
    for (const [start, length] of sampleRanges(size)) {
      const edited = Buffer.from(bytes);
      edited[start + Math.floor(length / 2)]! ^= 0xff;
      expect(await contentFingerprint(file(`edit-${start}.mp4`, edited))).not.toBe(key);
    }
    expect(await contentFingerprint(file('longer.mp4', Buffer.concat([bytes, Buffer.from([0])])))).not.toBe(key);
  });

  it('hashes a small file whole and a large one in three 1 MiB samples: start, middle, end', () => {
    expect(sampleRanges(1000)).toEqual([[0, 1000]]);
    expect(sampleRanges(3 * SAMPLE_BYTES)).toEqual([[0, 3 * SAMPLE_BYTES]]);
    const size = 4096 * SAMPLE_BYTES;
    expect(sampleRanges(size)).toEqual([[0, SAMPLE_BYTES], [Math.floor((size - SAMPLE_BYTES) / 2), SAMPLE_BYTES], [size - SAMPLE_BYTES, SAMPLE_BYTES]]);
  });
});

describe('fileKeys', () => {
  it('reads a file once for both keys: its samples hashed, and the fingerprint fingerprintFile reads on its own, at every size edge', async () => {
    const KiB = 1024;
    const sizes = [0, 1, 64 * KiB - 1, 64 * KiB, 64 * KiB + 1, 128 * KiB, 128 * KiB + 7, SAMPLE_BYTES, 3 * SAMPLE_BYTES, 3 * SAMPLE_BYTES + 1, 7 * SAMPLE_BYTES + 333];
    for (const size of sizes) {
      const bytes = patterned(size, size % 251);
      const path = file(`f-${size}.mp4`, bytes);
      const keys = await fileKeys(path);
      const sampled = Buffer.concat(sampleRanges(size).map(([start, length]) => bytes.subarray(start, start + length)));
      expect(keys.contentKey, `content key at ${size} bytes`).toBe(`c1:${size}:${createHash('sha256').update(sampled).digest('hex')}`);
      expect(keys.fingerprint, `fingerprint at ${size} bytes`).toEqual(await fingerprintFile(path));
    }
  });
});
