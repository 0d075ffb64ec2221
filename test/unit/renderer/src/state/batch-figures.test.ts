import { describe, expect, it } from 'vitest';
import type { DraftView } from '../../../../../electron/core/contract/index.js';
import { batchProgress } from '../../../../../renderer/src/state/batch-figures.js';

const MB = 1024 * 1024;
const video = (id: string, state: DraftView['state'], size: number, sentBytes = 0, speedBps: number | null = null) => ({ id, kind: 'video', state, size, sentBytes, speedBps, photo: null }) as DraftView;
const map = (...drafts: DraftView[]) => new Map(drafts.map((d) => [d.id, d]));

describe('the batch progress', () => {
  it('adds up the bytes of everything in flight, with the time left at the speed of the uploads running', () => {
    const members = new Set<string>();
    const progress = batchProgress(map(video('a', 'uploading', 100 * MB, 40 * MB, 10 * MB), video('b', 'queued', 100 * MB), video('w', 'waiting', 100 * MB), video('d', 'inbox', 5 * MB)), members);
    // Waiting for inbox space and delivered before the batch began: not in it.
    expect(progress).toEqual({ drafts: 2, sent: 0, bytes: 40 * MB, ofBytes: 200 * MB, etaSeconds: 16 });
  });

  it('keeps a draft past its upload in the batch, so the bar never runs backwards, and ends once nothing is in flight', () => {
    const members = new Set<string>();
    batchProgress(map(video('a', 'uploading', 100 * MB, 90 * MB, 10 * MB), video('b', 'queued', 100 * MB)), members);
    const next = batchProgress(map(video('a', 'processing', 100 * MB, 100 * MB), video('b', 'uploading', 100 * MB, 10 * MB)), members);
    expect(next).toMatchObject({ drafts: 2, sent: 1, bytes: 110 * MB, ofBytes: 200 * MB, etaSeconds: null });
    // One cancelled leaves the batch; once nothing is in flight there is no batch, and the next starts afresh.
    expect(batchProgress(map(video('a', 'inbox', 100 * MB), video('b', 'cancelled', 100 * MB)), members)).toBeNull();
    expect(batchProgress(map(video('a', 'inbox', 100 * MB), video('c', 'queued', 10 * MB)), members)).toMatchObject({ drafts: 1, ofBytes: 10 * MB });
  });
});
