/**
 * Is this the start of a video container the platform accepts (MP4, MOV, WebM)? The sandbox
 * does not decode video; like the platform's first format check it looks at the container's
 * signature, which is enough to fail a text file or a JPEG renamed .mp4. Pure.
 */
export type VideoContainer = 'mp4' | 'mov' | 'webm';

/** How many leading bytes the sniffer wants. */
export const SNIFF_BYTES = 64;

/** Box types an ISO-BMFF/QuickTime file can start with (MOV files often open with wide/mdat/moov). */
const LEADING_BOXES = new Set(['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

export function sniffVideoContainer(head: Uint8Array): VideoContainer | undefined {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) {
    // EBML: WebM declares DocType "webm" in its header (Matroska says "matroska", which we refuse).
    return bytes.subarray(4, SNIFF_BYTES).includes('webm', 0, 'latin1') ? 'webm' : undefined;
  }
  if (bytes.length < 12) return undefined;
  const size = bytes.readUInt32BE(0);
  const type = bytes.toString('latin1', 4, 8);
  if (!LEADING_BOXES.has(type)) return undefined;
  // 0 = box runs to the end of the file, 1 = 64-bit size follows; otherwise a box is at least its header.
  if (size !== 0 && size !== 1 && size < 8) return undefined;
  if (type === 'ftyp') return bytes.toString('latin1', 8, 12) === 'qt  ' ? 'mov' : 'mp4';
  return 'mov';
}
