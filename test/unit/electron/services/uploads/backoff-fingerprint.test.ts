import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backoffDelay } from '../../../../../common/backoff.js';
import { fingerprintFile, sameFingerprint } from '../../../../../electron/services/uploads/fingerprint.js';

describe('backoff', () => {
  it('grows exponentially within jitter bounds and caps', () => {
    const policy = { baseMs: 100, maxMs: 1000 };
    expect(backoffDelay(1, undefined, policy, () => 0)).toBe(50);
    expect(backoffDelay(1, undefined, policy, () => 1)).toBe(100);
    expect(backoffDelay(3, undefined, policy, () => 1)).toBe(400);
    expect(backoffDelay(10, undefined, policy, () => 1)).toBe(1000);
    expect(backoffDelay(10, undefined, policy, () => 0)).toBe(500);
  });

  it('never retries sooner than Retry-After', () => {
    expect(backoffDelay(1, 30_000, { baseMs: 100, maxMs: 1000 }, () => 0.5)).toBe(30_000);
  });
});

describe('fingerprint', () => {
  it('changes when the content, size or mtime changes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dd-fp-'));
    try {
      const file = join(dir, 'v.mp4');
      writeFileSync(file, Buffer.alloc(300_000, 1));
      utimesSync(file, 1000, 1000);
      const first = await fingerprintFile(file);
      expect(sameFingerprint(first, await fingerprintFile(file))).toBe(true);
      const edited = Buffer.alloc(300_000, 1);
      edited[299_999] = 2; // a change in the tail
      writeFileSync(file, edited);
      utimesSync(file, 1000, 1000);
      expect(sameFingerprint(first, await fingerprintFile(file))).toBe(false);
      writeFileSync(file, Buffer.alloc(300_000, 1));
      utimesSync(file, 2000, 2000);
      expect(sameFingerprint(first, await fingerprintFile(file))).toBe(false);
      writeFileSync(join(dir, 'tiny'), 'abc');
      expect((await fingerprintFile(join(dir, 'tiny'))).size).toBe(3);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
