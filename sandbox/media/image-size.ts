/**
 * Format and pixel size of an image from its first bytes, without decoding it: JPEG (the SOFn
 * segment, after any EXIF/ICC segments) and WebP (VP8, VP8L and VP8X headers). Photo posts need
 * the short side (docs/PLATFORM.md "Photo posts": at most 1080 px). Pure.
 */
export type ImageProbe =
  | { kind: 'image'; format: 'jpeg' | 'webp'; width: number; height: number }
  /** A JPEG whose SOF segment lies beyond the bytes given: read more. */
  | { kind: 'truncated' }
  /** Not a JPEG or WebP (or a broken one); `format` names what it is when we can tell. */
  | { kind: 'unsupported'; format: string };

export function probeImage(head: Uint8Array): ImageProbe {
  const b = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return probeJpeg(b);
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return probeWebp(b);
  if (b.length >= 8 && b.readUInt32BE(0) === 0x89504e47) return { kind: 'unsupported', format: 'png' };
  if (b.length >= 4 && b.toString('latin1', 0, 4) === 'GIF8') return { kind: 'unsupported', format: 'gif' };
  if (b.length < 12) return { kind: 'truncated' };
  return { kind: 'unsupported', format: 'unknown' };
}

/** SOF markers carry the frame size: C0-CF except C4 (DHT), C8 (JPG extension) and CC (DAC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function probeJpeg(b: Buffer): ImageProbe {
  let i = 2;
  while (i < b.length) {
    if (b[i] !== 0xff) return { kind: 'unsupported', format: 'jpeg (corrupt segment)' };
    while (i < b.length && b[i] === 0xff) i++; // fill bytes
    if (i >= b.length) return { kind: 'truncated' };
    const marker = b[i]!;
    // Markers without a length field.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      i++;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return { kind: 'unsupported', format: 'jpeg (no frame header before image data)' };
    if (i + 2 >= b.length) return { kind: 'truncated' };
    const length = b.readUInt16BE(i + 1);
    if (length < 2) return { kind: 'unsupported', format: 'jpeg (corrupt segment length)' };
    if (isStartOfFrame(marker)) {
      if (i + 7 >= b.length) return { kind: 'truncated' };
      const height = b.readUInt16BE(i + 4);
      const width = b.readUInt16BE(i + 6);
      if (width === 0 || height === 0) return { kind: 'unsupported', format: 'jpeg (zero size)' };
      return { kind: 'image', format: 'jpeg', width, height };
    }
    i += 1 + length;
  }
  return { kind: 'truncated' };
}

function probeWebp(b: Buffer): ImageProbe {
  if (b.length < 16) return { kind: 'truncated' };
  const chunk = b.toString('latin1', 12, 16);
  // Each header variant needs a different number of bytes: VP8L's size ends at byte 25, the others' at 30.
  if (b.length < (chunk === 'VP8L' ? 25 : 30)) return { kind: 'truncated' };
  if (chunk === 'VP8 ') {
    // Key frame: 3-byte frame tag, start code 9d 01 2a, then 14-bit width and height.
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return { kind: 'unsupported', format: 'webp (bad VP8 start code)' };
    return sized('webp', b.readUInt16LE(26) & 0x3fff, b.readUInt16LE(28) & 0x3fff);
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return { kind: 'unsupported', format: 'webp (bad VP8L signature)' };
    const bits = b.readUInt32LE(21);
    return sized('webp', (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X') {
    return sized('webp', b.readUIntLE(24, 3) + 1, b.readUIntLE(27, 3) + 1);
  }
  return { kind: 'unsupported', format: 'webp (unknown chunk)' };
}

function sized(format: 'jpeg' | 'webp', width: number, height: number): ImageProbe {
  if (width === 0 || height === 0) return { kind: 'unsupported', format: `${format} (zero size)` };
  return { kind: 'image', format, width, height };
}
