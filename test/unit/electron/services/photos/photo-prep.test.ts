import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { PhotoPrep, sourceWorker, type PrepProgress } from '../../../../../electron/services/photos/photo-prep.js';
import { fixturePath, fixturePhotos } from '../../../../support/photos.js';

const dir = mkdtempSync(join(tmpdir(), 'dd-prep-pool-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('photo preparation in a worker thread', () => {
  it('prepares all 40 test photos off the main thread, reporting each as it finishes', async () => {
    const prep = new PhotoPrep(sourceWorker());
    const items = fixturePhotos.map((photo) => ({ inputPath: fixturePath(photo.name), outputPath: join(dir, `${photo.index}.out`) }));
    const progress: PrepProgress[] = [];
    let mainThreadTicks = 0;
    const ticker = setInterval(() => mainThreadTicks++, 5);
    const results = await prep.prepare(items, { stripLocation: true }, (p) => progress.push(p));
    clearInterval(ticker);
    await prep.close();
    expect(isMainThread).toBe(true);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(progress.map((p) => p.done)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(new Set(progress.map((p) => p.index)).size).toBe(40);
    expect(progress.every((p) => p.total === 40)).toBe(true);
    // The main thread's event loop kept running while the images were decoded and encoded.
    expect(mainThreadTicks).toBeGreaterThan(0);
    for (const [i, result] of results.entries()) {
      if (!result.ok) continue;
      expect(Math.min(result.photo.width, result.photo.height)).toBeLessThanOrEqual(1080);
      expect(['jpeg', 'webp']).toContain(result.photo.format);
      const photo = fixturePhotos[i]!;
      if (photo.gps) expect(result.photo.changes).toContainEqual({ kind: 'location_removed' });
      if (photo.format === 'png' || photo.format === 'avif') expect(result.photo.changes[0]).toMatchObject({ kind: 'converted' });
    }
  });

  it('fails the images a dead worker held with a code, and starts a new worker for the next call', async () => {
    const prep = new PhotoPrep(sourceWorker());
    const items = fixturePhotos.slice(0, 6).map((photo) => ({ inputPath: fixturePath(photo.name), outputPath: join(dir, `dead-${photo.index}.out`) }));
    const running = prep.prepare(items, { stripLocation: true });
    await new Promise((resolve) => setTimeout(resolve, 0));
    await prep.close();
    const results = await running;
    expect(results.some((r) => !r.ok && r.code === 'prep_failed')).toBe(true);
    const again = await prep.prepare(items.slice(0, 1), { stripLocation: true });
    expect(again[0]!.ok).toBe(true);
    await prep.close();
  });
});
