import { afterEach, describe, expect, it, vi } from 'vitest';
import { OffsetClock } from '../../../../../common/clock.js';
import type { SignInFinished } from '../../../../../electron/core/contract/index.js';
import type * as LoopbackModule from '../../../../../electron/services/auth/loopback-listener.js';
import type { LoopbackListener } from '../../../../../electron/services/auth/loopback-listener.js';
import { SignInFlows } from '../../../../../electron/services/auth/sign-in-flow.js';
import { memoryLogger } from '../../../../support/silent-log.js';
import { fakeRuntime, FakeTokenEndpoint } from '../../../../support/auth-fakes.js';

// The real listener, with each one kept so the test can see whether its port was let go.
const listeners = vi.hoisted(() => [] as LoopbackListener[]);
vi.mock('../../../../../electron/services/auth/loopback-listener.js', async (importOriginal) => {
  const actual = await importOriginal<typeof LoopbackModule>();
  return {
    ...actual,
    startLoopbackListener: async (options: Parameters<typeof actual.startLoopbackListener>[0]) => {
      const listener = await actual.startLoopbackListener(options);
      listeners.push(listener);
      return listener;
    },
  };
});

function setUp() {
  const clock = new OffsetClock(0);
  const runtime = fakeRuntime(new FakeTokenEndpoint(clock), clock);
  const finished: SignInFinished[] = [];
  const flows = new SignInFlows({
    openExternal: async () => false,
    complete: async () => {
      throw new Error('not used');
    },
    finished: (outcome) => finished.push(outcome),
    log: memoryLogger().log,
  });
  return { runtime, flows, finished };
}

afterEach(() => {
  for (const listener of listeners.splice(0)) listener.cancel();
});

describe('sign-in flows', () => {
  it('a new sign-in cancels the one still waiting, which reports cancelled and lets its port go', async () => {
    const { runtime, flows, finished } = setUp();
    const first = await flows.start(runtime);
    const second = await flows.start(runtime);
    await expect(first.outcome).resolves.toEqual({ flowId: first.flowId, ok: false, error: { code: 'cancelled', message: 'Sign-in was cancelled.' } });
    expect(finished).toEqual([expect.objectContaining({ flowId: first.flowId, ok: false, error: expect.objectContaining({ code: 'cancelled' }) })]);
    await listeners[0]!.closed;
    await expect(fetch(listeners[0]!.redirectUri)).rejects.toThrow();
    expect(flows.active).toBe(1);
    expect(flows.cancel(first.flowId)).toBe(false);

    // The new one is untouched and still waits for its browser.
    const third = await Promise.race([second.outcome, new Promise((resolve) => setTimeout(() => resolve('waiting'), 50))]);
    expect(third).toBe('waiting');
    expect(flows.cancel(second.flowId)).toBe(true);
    await expect(second.outcome).resolves.toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(flows.active).toBe(0);
  });

  it('many starts in a row leave one flow and one listening port', async () => {
    const { runtime, flows } = setUp();
    const started = [];
    for (let i = 0; i < 5; i++) started.push(await flows.start(runtime));
    await Promise.all(started.slice(0, -1).map((flow) => flow.outcome));
    await Promise.all(listeners.slice(0, -1).map((listener) => listener.closed));
    expect(flows.active).toBe(1);
    await flows.cancelAll();
  });

  it('cancels the listener when starting fails after it is up (a bad consent page address)', async () => {
    const { runtime, flows, finished } = setUp();
    await expect(flows.start({ ...runtime, authorizeUrl: 'not a url' })).rejects.toThrow();
    expect(listeners).toHaveLength(1);
    await expect(listeners[0]!.result).resolves.toEqual({ kind: 'cancelled' });
    await listeners[0]!.closed;
    expect(flows.active).toBe(0);
    expect(finished).toEqual([]);
  });
});
