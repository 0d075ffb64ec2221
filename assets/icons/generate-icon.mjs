// Draws the app icon (icon.png, 1024×1024 RGBA) with no tool but Node: a rounded tile with a
// small deck of cards, the front one holding a play mark. electron-builder derives the macOS
// .icns, the Windows .ico and the Linux sizes from this one PNG (macOS wants at least 512 px).
// Run `node assets/icons/generate-icon.mjs` after changing the drawing; the PNG is committed.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const SIZE = 1024;

/** Signed distance from (x, y) to a rounded rectangle centred at (cx, cy). */
function roundedRect(x, y, cx, cy, halfW, halfH, radius) {
  const qx = Math.abs(x - cx) - halfW + radius;
  const qy = Math.abs(y - cy) - halfH + radius;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
}

/** Signed distance to a triangle pointing right (the play mark), approximated by its edges. */
function playMark(x, y, cx, cy, r) {
  const ax = cx - r * 0.5, ay = cy - r * 0.866;
  const bx = cx - r * 0.5, by = cy + r * 0.866;
  const tx = cx + r, ty = cy;
  const edge = (px, py, qx, qy) => {
    const nx = qy - py, ny = px - qx;
    const len = Math.hypot(nx, ny);
    return ((x - px) * nx + (y - py) * ny) / len;
  };
  return Math.max(edge(ax, ay, tx, ty), edge(tx, ty, bx, by), edge(bx, by, ax, ay));
}

const coverage = (distance) => Math.min(1, Math.max(0, 0.5 - distance));

function over(dst, [r, g, b], alpha) {
  dst[0] = dst[0] * (1 - alpha) + r * alpha;
  dst[1] = dst[1] * (1 - alpha) + g * alpha;
  dst[2] = dst[2] * (1 - alpha) + b * alpha;
  dst[3] = dst[3] * (1 - alpha) + 255 * alpha;
}

function pixel(x, y) {
  const out = [0, 0, 0, 0];
  // Tile: a diagonal indigo-to-violet gradient with the macOS-style margin and corner radius.
  const tile = coverage(roundedRect(x, y, 512, 512, 412, 412, 180));
  if (tile > 0) {
    const t = (x + y) / (2 * SIZE);
    over(out, [79 + (124 - 79) * t, 70 + (58 - 70) * t, 229 + (237 - 229) * t], tile);
  }
  // Three cards fanned behind one another, then the play mark on the front card.
  const cards = [
    { cx: 472, cy: 472, shade: [199, 210, 254], alpha: 0.55 },
    { cx: 512, cy: 512, shade: [224, 231, 255], alpha: 0.8 },
    { cx: 552, cy: 552, shade: [255, 255, 255], alpha: 1 },
  ];
  for (const card of cards) {
    const c = coverage(roundedRect(x, y, card.cx, card.cy, 230, 170, 36));
    if (c > 0) over(out, card.shade, c * card.alpha);
  }
  const play = coverage(playMark(x, y, 565, 552, 92));
  if (play > 0) over(out, [99, 64, 233], play);
  return out;
}

function crc32(bytes) {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

export function drawIcon() {
  // Each scanline: filter byte 0 (none), then RGBA. 2×2 supersampling smooths the edges.
  const raw = Buffer.alloc(SIZE * (SIZE * 4 + 1));
  for (let y = 0; y < SIZE; y++) {
    const row = y * (SIZE * 4 + 1);
    for (let x = 0; x < SIZE; x++) {
      const sum = [0, 0, 0, 0];
      for (const [dx, dy] of [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]]) {
        const [r, g, b, a] = pixel(x + dx, y + dy);
        // Premultiply while averaging, so transparent samples do not darken the edge.
        sum[0] += r * a; sum[1] += g * a; sum[2] += b * a; sum[3] += a;
      }
      const alpha = sum[3] / 4;
      const offset = row + 1 + x * 4;
      raw[offset] = sum[3] ? Math.round(sum[0] / sum[3]) : 0;
      raw[offset + 1] = sum[3] ? Math.round(sum[1] / sum[3]) : 0;
      raw[offset + 2] = sum[3] ? Math.round(sum[2] / sum[3]) : 0;
      raw[offset + 3] = Math.round(alpha);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const target = join(dirname(fileURLToPath(import.meta.url)), 'icon.png');
  writeFileSync(target, drawIcon());
  process.stdout.write(`wrote ${target}\n`);
}
