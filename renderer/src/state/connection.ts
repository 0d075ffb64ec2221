/**
 * Whether the host (Electron's main process, or the web-mode server) answers. Every call goes
 * through `request`, which notices `host_unreachable`, and while the host is away a probe asks
 * again with a growing delay, so the status clears by itself when the host is back.
 */
import { create } from 'zustand';
import { ApiError, invoke } from '../api/client';
import type { ChannelInput, ChannelName, ChannelOutput } from '../api/contract';

export const HOST_UNREACHABLE = 'host_unreachable';

interface ConnectionState {
  reachable: boolean;
  /** When the next automatic check runs, while unreachable. */
  retryAt: number | null;
}

export const useConnection = create<ConnectionState>()(() => ({ reachable: true, retryAt: null }));

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
  if (!useConnection.getState().reachable) useConnection.setState({ reachable: true, retryAt: null });
}

function markUnreachable(): void {
  if (retryTimer !== undefined) return;
  useConnection.setState({ reachable: false, retryAt: Date.now() + retryDelay });
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
