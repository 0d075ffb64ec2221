/** Test media written to disk: MP4s the sandbox accepts (a real encoder's headers, media-fixtures.ts mp4Head), fast to generate. */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { mp4Head } from './media-fixtures.js';

/** Writes `size` bytes: mp4Head, then a pseudo-random 1 MiB block repeated (distinct per seed). */
export async function writeMp4File(path: string, size: number, seed = 1): Promise<void> {
  const block = Buffer.alloc(1024 * 1024);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < block.length; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    block.writeUInt32LE(x >>> 0, i);
  }
  const head = mp4Head(size);
  const handle = await open(path, 'w');
  try {
    for (let offset = 0; offset < size; offset += block.length) {
      const piece = offset === 0 ? Buffer.concat([head, block.subarray(head.length)]) : block;
      await handle.write(piece, 0, Math.min(piece.length, size - offset), offset);
    }
  } finally {
    await handle.close();
  }
}

export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
