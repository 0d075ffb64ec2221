import { describe, expect, it, vi } from 'vitest';
import type { DraftView, EventMessage } from '../../../../../electron/core/contract/index.js';

type DraftEvent = Extract<EventMessage, { name: 'drafts.updated' | 'drafts.removed' | 'drafts.reset' }>;

// The transport, played by the test: the calls the store makes wait for the test to answer them,
// and the event stream is the listener the store registers.
const host = vi.hoisted(() => ({
  calls: [] as { channel: string; input: unknown; answer: (value: unknown) => void }[],
  stream: null as ((events: DraftEvent[]) => void) | null,
}));
vi.mock('../../../../../renderer/src/api/client.js', () => ({
  onBatch: (_names: unknown, listener: (events: DraftEvent[]) => void) => {
    host.stream = listener;
  },
  onResync: () => undefined,
}));
vi.mock('../../../../../renderer/src/state/connection.js', () => ({
  request: (channel: string, input?: unknown) => new Promise((answer) => host.calls.push({ channel, input, answer })),
}));
const { addedDrafts, applyDraftEvents, FIRST_PAGE_SIZE, QUEUE_COMPLETE_MARK, startDrafts, useDrafts } = await import('../../../../../renderer/src/state/drafts.js');
const { firstScreenRendered } = await import('../../../../../renderer/src/first-paint.js');

const draft = (id: string, state: DraftView['state'], sentBytes = 0, openId = 'ava') => ({ id, openId, state, sentBytes }) as DraftView;

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

  it('keeps a new draft as its events say when the answer that added it comes after them', () => {
    applyDraftEvents([{ name: 'drafts.reset', payload: [draft('a', 'uploading')] }]);
    // The platform refused the URL at once: the event saying so came before the answer to drafts.add.
    applyDraftEvents([{ name: 'drafts.updated', payload: draft('url', 'failed') }]);
    addedDrafts([draft('url', 'queued')]);
    expect(useDrafts.getState().byId.get('url')!.state).toBe('failed');
    // A draft not heard of yet is shown at once.
    addedDrafts([draft('next', 'queued')]);
    expect(useDrafts.getState().byId.get('next')!.state).toBe('queued');
    expect(useDrafts.getState().order).toEqual(['a', 'url', 'next']);
  });

  it('draws the first page with the whole queue’s counts, loads the rest once it is painted, and loses or doubles no event that came meanwhile', async () => {
    const frames: (() => void)[] = [];
    vi.stubGlobal('document', { visibilityState: 'visible' });
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    // The whole queue: 3 on the first page (the top of the list), 297 more, a draft of Ben's among them.
    const whole = Array.from({ length: 300 }, (_, index) => draft(`d${index}`, index < 290 ? 'waiting' : 'inbox', 0, index === 250 ? 'ben' : 'ava'));
    startDrafts();
    expect(host.calls.map(({ channel, input }) => ({ channel, input }))).toEqual([{ channel: 'drafts.firstPage', input: { size: FIRST_PAGE_SIZE } }]);
    // An event before the page: kept for after the rest.
    host.stream!([{ name: 'drafts.updated', payload: draft('d200', 'paused') }]);
    host.calls.shift()!.answer({
      drafts: whole.slice(0, 3),
      total: 300,
      counts: [
        { openId: 'ava', state: 'waiting', count: 289 },
        { openId: 'ben', state: 'waiting', count: 1 },
        { openId: 'ava', state: 'inbox', count: 10 },
      ],
    });
    await settle();
    let state = useDrafts.getState();
    expect(state.order).toEqual(['d0', 'd1', 'd2']);
    expect(state.summary).toMatchObject({ total: 300, waiting: 290, inbox: 10, paused: 0 });
    expect(state.firstPage?.get('ben')).toEqual({ waiting: 1, total: 1 });
    expect(state.loaded).toBe(true);
    // Nothing else is asked before the first page is on screen.
    expect(host.calls).toEqual([]);

    // Meanwhile: a shown draft's progress shows at once; a shown draft changing state, a draft not
    // loaded yet changing, one removed and one added wait for the rest (the counts stay the whole queue's).
    host.stream!([
      { name: 'drafts.updated', payload: draft('d0', 'waiting', 500) },
      { name: 'drafts.updated', payload: draft('d1', 'uploading') },
      { name: 'drafts.updated', payload: draft('d280', 'paused') },
      { name: 'drafts.removed', payload: { ids: ['d100'] } },
    ]);
    applyDraftEvents([{ name: 'drafts.updated', payload: draft('new', 'queued') }]);
    state = useDrafts.getState();
    expect(state.byId.get('d0')!.sentBytes).toBe(500);
    expect(state.byId.get('d1')!.state).toBe('waiting');
    expect(state.order).toEqual(['d0', 'd1', 'd2']);
    expect(state.summary.total).toBe(300);

    // Not even after a frame: the first screen is not drawn yet (main.tsx draws it once this first page is in).
    for (const frame of frames.splice(0)) frame();
    await settle();
    expect(host.calls).toEqual([]);
    // The window commits its first screen (App's effect), and the next frame puts it on screen.
    firstScreenRendered();
    await settle();
    for (const frame of frames.splice(0)) frame();
    await settle();
    expect(host.calls.map(({ channel }) => channel)).toEqual(['drafts.list']);
    // The whole queue as it was when asked: the changes above are newer.
    host.calls.shift()!.answer(whole);
    await settle();
    state = useDrafts.getState();
    expect(state.firstPage).toBeNull();
    expect(state.order).toHaveLength(300);
    expect(new Set(state.order).size).toBe(300);
    expect(state.order.slice(0, 3)).toEqual(['d0', 'd1', 'd2']);
    expect(state.order.at(-1)).toBe('new');
    expect(state.order).not.toContain('d100');
    expect([state.byId.get('d0')!.sentBytes, state.byId.get('d1')!.state, state.byId.get('d200')!.state, state.byId.get('d280')!.state]).toEqual([500, 'uploading', 'paused', 'paused']);
    expect(state.summary).toMatchObject({ total: 300, waiting: 286, uploading: 1, paused: 2, queued: 1, inbox: 10 });
    expect((performance.getEntriesByName(QUEUE_COMPLETE_MARK)[0] as PerformanceMark).detail).toEqual({ drafts: 300 });

    // Loaded: events apply at once again.
    host.stream!([{ name: 'drafts.updated', payload: draft('d250', 'paused', 0, 'ben') }]);
    expect(useDrafts.getState().summary.paused).toBe(3);
    vi.unstubAllGlobals();
  });
});
