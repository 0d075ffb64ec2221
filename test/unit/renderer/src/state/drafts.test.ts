import { describe, expect, it, vi } from 'vitest';
import type { DraftView } from '../../../../../electron/core/contract/index.js';

// The store's module reaches the transport when loaded; these tests only apply events to it.
vi.mock('../../../../../renderer/src/api/client.js', () => ({ onBatch: () => undefined, onResync: () => undefined }));
vi.mock('../../../../../renderer/src/state/connection.js', () => ({ request: () => Promise.reject(new Error('not in this test')) }));
const { applyDraftEvents, useDrafts } = await import('../../../../../renderer/src/state/drafts.js');

const draft = (id: string, state: DraftView['state'], sentBytes = 0) => ({ id, openId: 'ava', state, sentBytes }) as DraftView;

describe('the drafts store', () => {
  it('keeps its shape (and the summary) through progress figures, and changes it when drafts come, go or change state', () => {
    applyDraftEvents([{ name: 'drafts.reset', payload: [draft('a', 'uploading'), draft('b', 'queued')] }]);
    const { shape, summary, order } = useDrafts.getState();

    applyDraftEvents([{ name: 'drafts.updated', payload: draft('a', 'uploading', 1000) }]);
    expect(useDrafts.getState().byId.get('a')!.sentBytes).toBe(1000);
    expect(useDrafts.getState()).toMatchObject({ shape, summary, order });

    applyDraftEvents([{ name: 'drafts.updated', payload: draft('a', 'processing', 2000) }]);
    expect(useDrafts.getState().shape).toBe(shape + 1);
    expect(useDrafts.getState().summary).toMatchObject({ processing: 1, queued: 1, uploading: 0 });
    applyDraftEvents([{ name: 'drafts.updated', payload: draft('c', 'queued') }]);
    applyDraftEvents([{ name: 'drafts.removed', payload: { ids: ['b'] } }]);
    expect(useDrafts.getState().shape).toBe(shape + 3);
    expect(useDrafts.getState().order).toEqual(['a', 'c']);
  });
});
