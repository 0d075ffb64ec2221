import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ThumbnailCache } from '../../../../../electron/services/uploads/thumbnail-cache.js';
import { memoryLogger } from '../../../../support/silent-log.js';

const silentLogger = () => memoryLogger().log;

const JPEG = `data:image/jpeg;base64,${Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]).toString('base64')}`;
const file = { size: 1000, mtimeMs: 1_700_000_000_000, edgeSha256: 'a'.repeat(64) };

let dataDir: string;
beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'thumbs-'))));
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('thumbnail cache', () => {
  it('keeps a picture across a restart, under the file’s fingerprint, readable only by the owner', async () => {
    await new ThumbnailCache(dataDir, silentLogger()).put(file, JPEG);
    const again = new ThumbnailCache(dataDir, silentLogger());
    expect(again.has(file)).toBe(true);
    expect(await again.dataUrl(file)).toBe(JPEG);
    const [name] = readdirSync(join(dataDir, 'thumbnails'));
    expect(statSync(join(dataDir, 'thumbnails', name!)).mode & 0o777).toBe(0o600);
  });

  it('never shows a changed file with the old picture: another size, mtime or content is another key', async () => {
    const cache = new ThumbnailCache(dataDir, silentLogger());
    await cache.put(file, JPEG);
    for (const changed of [{ ...file, size: 1001 }, { ...file, mtimeMs: file.mtimeMs + 1 }, { ...file, edgeSha256: 'b'.repeat(64) }]) {
      expect(cache.has(changed)).toBe(false);
      expect(await cache.dataUrl(changed)).toBeNull();
    }
  });

  it('prunes pictures no draft has and leftovers of an interrupted write', async () => {
    const cache = new ThumbnailCache(dataDir, silentLogger());
    const other = { ...file, size: 2 };
    await cache.put(file, JPEG);
    await cache.put(other, JPEG);
    writeFileSync(join(dataDir, 'thumbnails', '.abc.part'), 'x');
    await cache.prune([file]);
    expect(cache.has(file)).toBe(true);
    expect(cache.has(other)).toBe(false);
    expect(readdirSync(join(dataDir, 'thumbnails'))).toHaveLength(1);
  });
});
