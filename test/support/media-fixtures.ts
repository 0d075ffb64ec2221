/**
 * Media fixtures made in code, independently of the sandbox's own generators: the smallest
 * byte strings that are valid JPEG and WebP headers with given dimensions, MP4s with a real encoder's headers,
 * and a loopback server that serves them (some under a prefix the test app verifies).
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';

/** SOI, a JFIF APP0, a 2 KB APP1 (like EXIF) the parser must skip, SOF0 with the size, EOI. */
export function jpegHeader(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const exifPayload = Buffer.alloc(2048, 0x2a);
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, (exifPayload.length + 2) >> 8, (exifPayload.length + 2) & 0xff]), exifPayload]);
  const sof0 = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, app1, sof0, Buffer.from([0xff, 0xd9])]);
}

function riff(chunkType: string, payload: Buffer): Buffer {
  const chunk = Buffer.alloc(8);
  chunk.write(chunkType, 0, 'latin1');
  chunk.writeUInt32LE(payload.length, 4);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(4 + 8 + payload.length, 4);
  header.write('WEBP', 8, 'latin1');
  return Buffer.concat([header, chunk, payload]);
}

/** Extended WebP: VP8X with a 24-bit canvas size. */
export function webpVp8x(width: number, height: number): Buffer {
  const payload = Buffer.alloc(10);
  payload.writeUIntLE(width - 1, 4, 3);
  payload.writeUIntLE(height - 1, 7, 3);
  return riff('VP8X', payload);
}

/** Lossy WebP: VP8 key frame tag, start code, 14-bit sizes. */
export function webpVp8(width: number, height: number): Buffer {
  const payload = Buffer.alloc(10);
  payload.set([0x9d, 0x01, 0x2a], 3);
  payload.writeUInt16LE(width, 6);
  payload.writeUInt16LE(height, 8);
  return riff('VP8 ', payload);
}

/** Lossless WebP: VP8L signature and packed 14-bit sizes. */
export function webpVp8l(width: number, height: number): Buffer {
  const payload = Buffer.alloc(6);
  payload[0] = 0x2f;
  payload.writeUInt32LE(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14), 1);
  return riff('VP8L', payload);
}

export function pngHeader(): Buffer {
  return Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 4, 0x38, 0, 0, 4, 0x38, 8, 2, 0, 0, 0]);
}

/**
 * The ftyp and moov of a real 2 s H.264 MP4 made by FFmpeg (test/fixtures/media/testsrc-2s-h264.mp4),
 * for the start of made-up videos: the sandbox's processing probes the headers (docs/PLATFORM.md
 * "Video rules"), and these are an encoder's, not the sandbox's own generator's.
 */
const REAL_HEADER = (() => {
  const file = readFileSync(resolve(import.meta.dirname, '../fixtures/media/testsrc-2s-h264.mp4'));
  const kept: Buffer[] = [];
  for (let at = 0; at + 8 <= file.length; at += file.readUInt32BE(at)) {
    const type = file.toString('latin1', at + 4, at + 8);
    if (type === 'ftyp' || type === 'moov') kept.push(file.subarray(at, at + file.readUInt32BE(at)));
  }
  return Buffer.concat(kept);
})();

/** The first bytes of a made-up MP4 of `size` bytes: a real ftyp and moov, then an mdat header for the rest. */
export function mp4Head(size: number): Buffer {
  const mdat = Buffer.alloc(8);
  mdat.writeUInt32BE(Math.min(0xffffffff, Math.max(8, size - REAL_HEADER.length)), 0);
  mdat.write('mdat', 4, 'latin1');
  return Buffer.concat([REAL_HEADER, mdat]).subarray(0, size);
}

/** `size` bytes of an MP4 the sandbox accepts (mp4Head); the media data is pseudo-random. */
export function mp4Bytes(size: number, seed = 1): Buffer {
  const out = Buffer.alloc(size);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < size; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out.writeUInt32LE(x >>> 0, Math.min(i, size - 4));
  }
  mp4Head(size).copy(out, 0);
  return out;
}

export interface FixtureServer {
  url: string;
  /** Paths served (under /verified/ and /unverified/ alike). */
  files: Map<string, Buffer>;
  close(): Promise<void>;
}

/** Serves `files` at /verified/<name> and /unverified/<name>; anything else is 404. */
export async function startFixtureServer(files: Record<string, Buffer>): Promise<FixtureServer> {
  const map = new Map(Object.entries(files));
  const server: Server = createServer((req, res) => {
    const m = /^\/(?:verified|unverified)\/(.+)$/.exec(req.url ?? '');
    const body = m ? map.get(m[1]!) : undefined;
    if (!body) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Length': String(body.length), 'Content-Type': 'application/octet-stream' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    files: map,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
