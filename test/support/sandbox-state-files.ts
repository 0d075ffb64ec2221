/**
 * Sandbox state files for a test (sandbox/state/): a fresh directory each, and every store a test
 * opens closed after it, since each holds its journal open.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SandboxState } from '../../sandbox/state/sandbox-state.js';

const opened: SandboxState[] = [];

export async function openState(...args: Parameters<typeof SandboxState.open>): Promise<SandboxState> {
  const store = await SandboxState.open(...args);
  opened.push(store);
  return store;
}

/** A fresh directory, the state file's path in it, and its journal's. */
export async function freshStateFiles(prefix: string): Promise<{ dir: string; file: string; journal: string }> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const file = join(dir, 'state.json');
  return { dir, file, journal: `${file}.journal` };
}

/** After a test: closes every store it opened, then removes its directory. */
export async function closeStatesAndRemove(dir: string): Promise<void> {
  for (const store of opened.splice(0)) await store.close();
  await rm(dir, { recursive: true, force: true });
}
