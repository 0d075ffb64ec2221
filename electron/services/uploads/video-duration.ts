/**
 * A video's length read from its container, for files the window never saw (watch folders): the
 * MP4 / QuickTime movie header (`moov` → `mvhd`: timescale and duration), found by walking the
 * top-level boxes, so only a few headers are read wherever the `moov` is (start or end). Other
 * containers (WebM) answer null: the row then shows no length, as for a codec the window cannot
 * decode. Never throws.
 */
import { open, type FileHandle } from 'node:fs/promises';

/** Boxes to walk before giving up: a real file has a handful at the top level. */
const MAX_BOXES = 64;

export async function readVideoDurationMs(path: string): Promise<number | null> {
  const handle = await open(path, 'r').catch(() => null);
  if (!handle) return null;
  try {
    const size = (await handle.stat()).size;
    const moov = await findBox(handle, 0, size, 'moov');
    if (!moov) return null;
    const mvhd = await findBox(handle, moov.body, moov.end, 'mvhd');
    if (!mvhd) return null;
    const header = await read(handle, mvhd.body, 32);
    if (!header) return null;
    const version = header[0];
    const timescale = version === 1 ? header.readUInt32BE(20) : header.readUInt32BE(12);
    const duration = version === 1 ? Number(header.readBigUInt64BE(24)) : header.readUInt32BE(16);
    if (!timescale || !Number.isFinite(duration) || duration <= 0) return null;
    return Math.round((duration / timescale) * 1000);
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}

async function findBox(handle: FileHandle, start: number, end: number, type: string): Promise<{ body: number; end: number } | null> {
  let offset = start;
  for (let count = 0; count < MAX_BOXES && offset + 8 <= end; count++) {
    const head = await read(handle, offset, 16);
    if (!head) return null;
    let size = head.readUInt32BE(0);
    let headerSize = 8;
    if (size === 1) {
      size = Number(head.readBigUInt64BE(8));
      headerSize = 16;
    } else if (size === 0) {
      size = end - offset;
    }
    if (size < headerSize) return null;
    if (head.toString('latin1', 4, 8) === type) return { body: offset + headerSize, end: Math.min(end, offset + size) };
    offset += size;
  }
  return null;
}

async function read(handle: FileHandle, position: number, length: number): Promise<Buffer | null> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return bytesRead >= Math.min(length, 8) ? buffer.subarray(0, bytesRead) : null;
}
