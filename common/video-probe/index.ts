/**
 * probeVideo: what a video's container headers say (common/video-rules.ts VideoProbe), from a few
 * small reads; never decodes and never reads the whole file. ISO BMFF (MP4, MOV) or EBML (WebM,
 * MKV) by the first bytes; anything else is not a container. Pure (the reader does the I/O).
 */
import type { Result } from '../result.js';
import type { VideoProbe, VideoProbeFailure } from '../video-rules.js';
import type { ByteReader } from './byte-reader.js';
import { probeIsoBmff } from './iso-bmff.js';
import { probeMatroska } from './matroska.js';

export type { ByteReader } from './byte-reader.js';
export { bufferReader, handleReader, type ReadableHandle } from './byte-reader.js';

/** Box types an ISO BMFF / QuickTime file can start with (MOV often opens with wide, mdat or moov). */
const LEADING_BOXES = new Set(['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip', 'pnot', 'uuid']);

export async function probeVideo(reader: ByteReader): Promise<Result<VideoProbe, VideoProbeFailure>> {
  const head = await reader.read(0, 12);
  if (head.length < 12) return { ok: false, error: { code: 'not_a_container' } };
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return probeMatroska(reader);
  const type = String.fromCharCode(head[4]!, head[5]!, head[6]!, head[7]!);
  if (LEADING_BOXES.has(type)) return probeIsoBmff(reader);
  return { ok: false, error: { code: 'not_a_container' } };
}
