/**
 * Whether the host (Electron's main process, or the web-mode server) answers. Every call goes
 * through `request`, which notices `host_unreachable`, and while the host is away a probe asks
 * again with a growing delay, so the status clears by itself when the host is back. In web mode
 * the event stream breaking says so at once (the app stopped), without waiting for a call.
 */
import { create } from 'zustand';
import { ApiError, HOST_UNREACHABLE, invoke, onStreamState } from '../api/client';
import type { ChannelInput, ChannelName, ChannelOutput } from '../api/contract';

/**
 * Why the host is away: a call went unanswered; the web host stopped (its event stream broke);
 * or it is back under a new session, which this tab's token does not open.
 */
export type UnreachableCause = 'unanswered' | 'stopped' | 'new-session';

interface ConnectionState {
  reachable: boolean;
  cause: UnreachableCause | null;
  /** When the next automatic check runs, while unreachable. */
  retryAt: number | null;
}

export const useConnection = create<ConnectionState>()(() => ({ reachable: true, cause: null, retryAt: null }));

// The stream reconnects by itself (api/client.ts), so it is its own probe.
onStreamState((state) => {
  if (state === 'open') markReachable();
  else useConnection.setState({ reachable: false, cause: state === 'refused' ? 'new-session' : 'stopped' });
});

const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 30_000;
let retryDelay = FIRST_RETRY_MS;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

// Mirrors client.ts's argument rule: the input may be left out when the channel takes none.
type InputArgs<C extends ChannelName> = undefined extends ChannelInput<C> ? [input?: ChannelInput<C>] : [input: ChannelInput<C>];

/** `call` from the API client, plus host-reachability tracking. Throws ApiError. */
export async function request<C extends ChannelName>(channel: C, ...args: InputArgs<C>): Promise<ChannelOutput<C>> {
  const result = await invoke(channel, ...args);
  if (!result.ok) {
    if (result.error.code === HOST_UNREACHABLE) markUnreachable();
    throw new ApiError(result.error);
  }
  markReachable();
  return result.value;
}

function markReachable(): void {
  clearTimeout(retryTimer);
  retryTimer = undefined;
  retryDelay = FIRST_RETRY_MS;
  if (!useConnection.getState().reachable) useConnection.setState({ reachable: true, cause: null, retryAt: null });
}

function markUnreachable(): void {
  if (retryTimer !== undefined) return;
  const { cause } = useConnection.getState();
  // A stopped or re-sessioned host explains the failed call better than "not answering" does.
  useConnection.setState({ reachable: false, cause: cause === 'stopped' || cause === 'new-session' ? cause : 'unanswered', retryAt: Date.now() + retryDelay });
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    retryDelay = Math.min(retryDelay * 2, MAX_RETRY_MS);
    void checkHost();
  }, retryDelay);
}

/** Asks the host for its identity; the cheapest call that proves it answers. */
export async function checkHost(): Promise<void> {
  try {
    await request('app.info');
  } catch {
    // request() has already recorded the outcome.
  }
}

/** A person asked to try now: reset the backoff and check at once. */
export function retryNow(): void {
  clearTimeout(retryTimer);
  retryTimer = undefined;
  retryDelay = FIRST_RETRY_MS;
  void checkHost();
}
