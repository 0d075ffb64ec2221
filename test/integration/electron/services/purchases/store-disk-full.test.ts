/**
 * A full disk under the built-in partner backend (its PGlite database lives in the data dir):
 * the Store says the disk is full, as every other channel does, not the database engine's own
 * words; once there is room again, buying works with nothing restarted by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppHarness, type AppHarness } from '../../../../support/app-harness.js';
import { mountTmpfs, type Tmpfs } from '../../../../support/tmpfs.js';

let disk: Tmpfs | string;
let harness: AppHarness | null = null;

beforeAll(async () => {
  disk = mountTmpfs(256 * 1024 * 1024);
  if (typeof disk === 'string') return;
  harness = await startAppHarness({ dataDir: disk.dir });
}, 180_000);

afterAll(async () => {
  try {
    await harness?.close({ keepData: true });
  } finally {
    if (typeof disk !== 'string') disk.unmount();
  }
});

describe('the Store on a full disk', () => {
  it('says the disk is full, and buys again once there is room', { timeout: 180_000 }, async (ctx) => {
    if (typeof disk === 'string' || !harness) return ctx.skip(typeof disk === 'string' ? disk : 'the app did not start');
    await harness.signIn('sbx-user-ava');
    expect((await harness.call('store.catalog')).available).toBe(true);
    const volume = disk.dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    disk.fill(0);
    const refused = await harness.app.dispatch('store.buy', { openId: 'sbx-user-ava', productId: 'gems_100' });
    expect(refused).toEqual({ ok: false, error: { code: 'disk_full', message: expect.stringMatching(new RegExp(`^The disk is full: free \\d+ MB on ${volume}$`)), words: { code: 'error.disk_full', params: { mb: expect.any(Number), volume: disk.dir } } } });
    expect((await harness.call('appNotices.list')).some((notice) => notice.kind === 'disk_full')).toBe(true);

    disk.unfill();
    const bought = await harness.call('store.buy', { openId: 'sbx-user-ava', productId: 'gems_100' });
    expect(bought.order).toMatchObject({ productId: 'gems_100', status: 'created' });
  });
});
