/** Test media written to disk: bytes the sandbox accepts as an MP4 container, fast to generate. */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';

const FTYP = Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0, 0x69, 0x73, 0x6f, 0x6d, 0x6d, 0x70, 0x34, 0x32]);

/** Writes `size` bytes: an ftyp box, then a pseudo-random 1 MiB block repeated (distinct per seed). */
export async function writeMp4File(path: string, size: number, seed = 1): Promise<void> {
  const block = Buffer.alloc(1024 * 1024);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < block.length; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    block.writeUInt32LE(x >>> 0, i);
  }
  const handle = await open(path, 'w');
  try {
    for (let offset = 0; offset < size; offset += block.length) {
      const piece = offset === 0 ? Buffer.concat([FTYP, block.subarray(FTYP.length)]) : block;
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
