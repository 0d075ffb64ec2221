/**
 * How the probe reads a file: a few small reads at offsets it chooses, never the whole file. The
 * main process backs it with a file handle (electron/services/uploads/video-probe-file.ts), the
 * sandbox with its stored upload, tests with a Buffer. Pure type plus the Buffer-backed reader.
 */
export interface ByteReader {
  /** The file's length in bytes. */
  readonly size: number;
  /** Up to `length` bytes at `offset` (fewer only at the end of the file). */
  read(offset: number, length: number): Promise<Uint8Array>;
}

export function bufferReader(bytes: Uint8Array): ByteReader {
  return {
    size: bytes.byteLength,
    read: (offset, length) => Promise.resolve(bytes.subarray(offset, Math.min(bytes.byteLength, offset + length))),
  };
}
