/**
 * A file's fingerprint, to tell on resume whether it is still the file we started sending:
 * size, mtime, and a SHA-256 of its first and last 64 KiB (cheap for a 4 GB file, and catches
 * the common edits — re-export, trim — that keep the name).
 */
import { createHash } from 'node:crypto';
import { open, stat } from 'node:fs/promises';

const EDGE_BYTES = 64 * 1024;

export interface Fingerprint {
  size: number;
  mtimeMs: number;
  edgeSha256: string;
}

export async function fingerprintFile(path: string): Promise<Fingerprint> {
  const info = await stat(path);
  const handle = await open(path, 'r');
  try {
    const hash = createHash('sha256');
    const head = Buffer.alloc(Math.min(EDGE_BYTES, info.size));
    await handle.read(head, 0, head.length, 0);
    hash.update(head);
    const tailStart = Math.max(head.length, info.size - EDGE_BYTES);
    const tail = Buffer.alloc(info.size - tailStart);
    await handle.read(tail, 0, tail.length, tailStart);
    hash.update(tail);
    return { size: info.size, mtimeMs: Math.trunc(info.mtimeMs), edgeSha256: hash.digest('hex') };
  } finally {
    await handle.close();
  }
}

export function sameFingerprint(a: Fingerprint, b: Fingerprint): boolean {
  return a.size === b.size && a.mtimeMs === b.mtimeMs && a.edgeSha256 === b.edgeSha256;
}
