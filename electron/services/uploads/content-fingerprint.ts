/**
 * What a file holds, as a short key, to notice the same video queued twice for one account
 * (docs/ARCHITECTURE.md "Duplicates"). The key is the size plus a SHA-256 of three 1 MiB samples:
 * the start, the middle and the end (the whole file when it is under 3 MiB).
 *
 * Why samples and not a full hash: reading 3 MiB costs the same for a 4 GB file as for a 10 MB
 * one, so adding a batch stays instant, where hashing every byte of a 4 GB file would hold its
 * draft back for seconds. Why it is sound for this use: a video's container header (start) and
 * index (end, or start) name its exact length, timings and sample sizes, and the middle catches
 * two encodes with the same header; two different videos with the same size and the same three
 * MiB do not happen by accident. And a match only makes the app ask the person, never drop a file,
 * so the rare false match costs one question, not a lost video.
 */
import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { edgeHash, edgeRanges, type Fingerprint } from './fingerprint.js';

export const SAMPLE_BYTES = 1024 * 1024;
/** Bumped if the way keys are made changes, so old keys never match new ones by accident. */
const VERSION = 'c1';

export async function contentFingerprint(path: string): Promise<string> {
  return (await fileKeys(path)).contentKey;
}

/**
 * A new file's two keys from one read of its samples: its content key, and its resume fingerprint
 * (fingerprint.ts), whose first and last 64 KiB lie inside the first and last samples.
 */
export async function fileKeys(path: string): Promise<{ contentKey: string; fingerprint: Fingerprint }> {
  const handle = await open(path, 'r');
  try {
    const info = await handle.stat();
    const ranges = sampleRanges(info.size);
    const hash = createHash('sha256');
    const samples: Buffer[] = [];
    for (const [start, length] of ranges) {
      const buffer = Buffer.alloc(length);
      let read = 0;
      while (read < length) {
        const { bytesRead } = await handle.read(buffer, read, length - read, start + read);
        if (bytesRead === 0) break;
        read += bytesRead;
      }
      samples.push(buffer.subarray(0, read));
      hash.update(samples.at(-1)!);
    }
    const [[, headLength], [tailStart, tailLength]] = edgeRanges(info.size);
    const lastStart = ranges.at(-1)![0];
    const tailOffset = tailStart - lastStart;
    const edgeSha256 = edgeHash(samples[0]!.subarray(0, headLength), samples.at(-1)!.subarray(tailOffset, tailOffset + tailLength));
    return { contentKey: `${VERSION}:${info.size}:${hash.digest('hex')}`, fingerprint: { size: info.size, mtimeMs: Math.trunc(info.mtimeMs), edgeSha256 } };
  } finally {
    await handle.close();
  }
}

/** The byte ranges hashed, as [start, length]: the whole file when small, else start, middle and end. */
export function sampleRanges(size: number): Array<[number, number]> {
  if (size <= 3 * SAMPLE_BYTES) return [[0, size]];
  return [
    [0, SAMPLE_BYTES],
    [Math.floor((size - SAMPLE_BYTES) / 2), SAMPLE_BYTES],
    [size - SAMPLE_BYTES, SAMPLE_BYTES],
  ];
}
