/**
 * The built-in platform's state: its programs (the platform sandbox and the partner backend)
 * start in the background while the window is already usable, and one that ends unexpectedly is
 * started again. The pages that need it follow this store: they say it is starting, and reload
 * what they show once it runs (`onPlatformRunning`), without a click.
 */
import { create } from 'zustand';
import { on, onResync } from '../api/client';
import type { BuiltinPlatformStatus } from '../api/contract';
import { request } from './connection';

export const useBuiltinPlatform = create<BuiltinPlatformStatus>()(() => ({ state: 'stopped', problem: null }));

const runningListeners = new Set<() => void>();

/** Called each time the built-in platform comes to run (after starting, or starting again). */
export function onPlatformRunning(listener: () => void): () => void {
  runningListeners.add(listener);
  return () => runningListeners.delete(listener);
}

function apply(status: BuiltinPlatformStatus): void {
  const before = useBuiltinPlatform.getState().state;
  useBuiltinPlatform.setState(status);
  if (status.state === 'running' && before !== 'running') for (const listener of runningListeners) listener();
}

async function load(): Promise<void> {
  try {
    apply(await request('builtinPlatform.status'));
  } catch {
    // The host is away: the connection notice says so, and a resync asks again.
  }
}

let started = false;

export function startBuiltinPlatform(): void {
  if (started) return;
  started = true;
  on('builtinPlatform.changed', apply);
  onResync(() => void load());
  void load();
}
