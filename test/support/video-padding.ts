/**
 * A big real MP4 in no time: a short FFmpeg-made file (moov at the end, and the 8-byte `free` box
 * FFmpeg leaves before mdat so mdat can grow a 64-bit size in place) rewritten with a 64-bit mdat
 * padded by a sparse hole, then the same moov at the end. Sample offsets stay valid (the payload does
 * not move), so it is still a playable file of `size` bytes, of which only a few KB are on disk.
 */
import { open } from 'node:fs/promises';

function topBoxes(bytes: Buffer): { type: string; at: number; size: number }[] {
  const boxes: { type: string; at: number; size: number }[] = [];
  for (let at = 0; at + 8 <= bytes.length; ) {
    const size = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (size < 8) throw new Error(`unexpected ${type} box size ${size}`);
    boxes.push({ type, at, size });
    at += size;
  }
  return boxes;
}

export async function padMp4(source: Buffer, target: string, size: number): Promise<void> {
  const boxes = topBoxes(source);
  const free = boxes.findIndex((b) => b.type === 'free');
  const mdat = boxes[free + 1];
  const moov = boxes.at(-1);
  if (free < 0 || mdat?.type !== 'mdat' || moov?.type !== 'moov') throw new Error('expected FFmpeg layout: … free mdat moov');
  const start = boxes[free]!.at;
  const header = Buffer.alloc(16);
  header.writeUInt32BE(1, 0);
  header.write('mdat', 4, 'latin1');
  header.writeBigUInt64BE(BigInt(size - moov.size - start), 8);
  const handle = await open(target, 'w');
  try {
    await handle.write(source.subarray(0, start), 0, start, 0);
    await handle.write(header, 0, 16, start);
    await handle.write(source.subarray(mdat.at + 8, mdat.at + mdat.size), 0, mdat.size - 8, start + 16);
    await handle.write(source.subarray(moov.at, moov.at + moov.size), 0, moov.size, size - moov.size);
  } finally {
    await handle.close();
  }
}
