/**
 * A file's fingerprint, to tell on resume whether it is still the file we started sending:
 * size, mtime, and a SHA-256 of its first and last 64 KiB (cheap for a 4 GB file, and catches
 * the common edits — re-export, trim — that keep the name).
 */
import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';

const EDGE_BYTES = 64 * 1024;

export interface Fingerprint {
  size: number;
  mtimeMs: number;
  edgeSha256: string;
}

export async function fingerprintFile(path: string): Promise<Fingerprint> {
  const handle = await open(path, 'r');
  try {
    const info = await handle.stat();
    const [head, tail] = edgeRanges(info.size);
    const read = async ([start, length]: [number, number]) => (await handle.read(Buffer.alloc(length), 0, length, start)).buffer;
    return { size: info.size, mtimeMs: Math.trunc(info.mtimeMs), edgeSha256: edgeHash(await read(head), await read(tail)) };
  } finally {
    await handle.close();
  }
}

/** The byte ranges hashed, as [start, length]: the first 64 KiB, and the last 64 KiB not already in it. */
export function edgeRanges(size: number): [[number, number], [number, number]] {
  const headLength = Math.min(EDGE_BYTES, size);
  const tailStart = Math.max(headLength, size - EDGE_BYTES);
  return [
    [0, headLength],
    [tailStart, size - tailStart],
  ];
}

export function edgeHash(head: Uint8Array, tail: Uint8Array): string {
  return createHash('sha256').update(head).update(tail).digest('hex');
}

export function sameFingerprint(a: Fingerprint, b: Fingerprint): boolean {
  return a.size === b.size && a.mtimeMs === b.mtimeMs && a.edgeSha256 === b.edgeSha256;
}
