import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Words } from '../../../../../electron/core/contract/index.js';
import { AppError } from '../../../../../electron/core/result.js';
import { QueueSaves } from '../../../../../electron/services/uploads/queue-saves.js';
import { memoryLogger } from '../../../../support/silent-log.js';

const gone = () => Object.assign(new Error('ENOENT: no such file or directory'), { code: 'ENOENT' });

function setUp(options: { diskFull?: (error: unknown) => AppError | null } = {}) {
  const shown: Array<Words | null> = [];
  let writable = false;
  let saves = 0;
  const resumed = vi.fn();
  const { log, lines } = memoryLogger();
  const queueSaves = new QueueSaves({
    folder: '/data',
    notice: (title) => shown.push(title),
    diskFull: options.diskFull,
    saveAll: () => {
      saves++;
      if (!writable) throw gone();
    },
    resumed,
    log,
    random: () => 1,
  });
  const write = () =>
    queueSaves.write(() => {
      if (!writable) throw gone();
      return 'saved';
    });
  return { queueSaves, shown, resumed, lines, write, saves: () => saves, writable: (value: boolean) => (writable = value) };
}

describe('QueueSaves', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('pauses on a failed write, says the folder, and tries again after growing waits up to a minute', () => {
    const t = setUp();
    expect(() => t.write()).toThrow(expect.objectContaining({ code: 'cannot_save', words: { code: 'notice.cannot_save.title', params: { folder: '/data' } } }));
    expect(t.queueSaves.paused).toBe(true);
    expect(t.shown).toEqual([{ code: 'notice.cannot_save.title', params: { folder: '/data' } }]);
    // Waits of 1, 2, 4, 8, 16, 32, 60, 60 s (jitter at its ceiling): eight saves in 183 s, not one more.
    vi.advanceTimersByTime(183_000);
    expect(t.saves()).toBe(8);
    vi.advanceTimersByTime(59_999);
    expect(t.saves()).toBe(8);
    expect(t.resumed).not.toHaveBeenCalled();
    // Logged once, not once per try.
    expect(t.lines.filter((line) => line.includes('cannot save the drafts queue'))).toHaveLength(1);
    t.queueSaves.close();
  });

  it('goes on once the whole queue is saved again: notice gone, drafts resumed, writes made', async () => {
    const t = setUp();
    expect(() => t.write()).toThrow();
    t.writable(true);
    vi.advanceTimersByTime(1_000);
    expect(t.saves()).toBe(1);
    expect(t.queueSaves.paused).toBe(false);
    expect(t.shown.at(-1)).toBeNull();
    await Promise.resolve();
    expect(t.resumed).toHaveBeenCalledTimes(1);
    expect(t.write()).toBe('saved');
    vi.advanceTimersByTime(120_000);
    expect(t.saves()).toBe(1);
  });

  it('lets a person’s write save the queue at once when the folder is back, before making the write', async () => {
    const t = setUp();
    expect(() => t.write()).toThrow();
    t.writable(true);
    expect(t.write()).toBe('saved');
    expect(t.saves()).toBe(1);
    // The drafts go on after that write, not from inside it.
    expect(t.resumed).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(t.resumed).toHaveBeenCalledTimes(1);
    expect(t.shown.at(-1)).toBeNull();
  });

  it('answers a full disk with the disk’s refusal and leaves the saying to its own notice', () => {
    const full = new AppError('disk_full', 'The disk is full: free 64 MB on /', { code: 'error.disk_full', params: { mb: 64, volume: '/' } });
    const t = setUp({ diskFull: () => full });
    expect(() => t.write()).toThrow(full);
    expect(t.queueSaves.paused).toBe(true);
    expect(t.shown).toEqual([null]);
    t.queueSaves.close();
  });
});
