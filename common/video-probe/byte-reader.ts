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

/** What `handleReader` needs of a Node FileHandle (typed here so common/ imports no Node module). */
export interface ReadableHandle {
  read(buffer: Uint8Array, offset: number, length: number, position: number): Promise<{ bytesRead: number }>;
}

/** A reader over an open file: each read is one positioned read of at most `length` bytes. */
export function handleReader(handle: ReadableHandle, size: number): ByteReader {
  return {
    size,
    async read(offset, length) {
      const buffer = new Uint8Array(Math.max(0, Math.min(length, size - offset)));
      let filled = 0;
      while (filled < buffer.length) {
        const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, offset + filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      return buffer.subarray(0, filled);
    },
  };
}
