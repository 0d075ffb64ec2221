/**
 * The watch folders as the main process keeps them: loaded once, then replaced by each
 * watchFolders.changed event (the list is small: one entry per folder).
 */
import { create } from 'zustand';
import { on, onResync } from '../api/client';
import type { WatchFolderView } from '../api/contract';
import { request } from './connection';

export const useWatchFolders = create<{ folders: readonly WatchFolderView[] | null }>()(() => ({ folders: null }));

let started = false;

export function startWatchFolders(): void {
  if (started) return;
  started = true;
  const load = () => request('watchFolders.list').then((folders) => useWatchFolders.setState({ folders }), () => undefined);
  on('watchFolders.changed', (folders) => useWatchFolders.setState({ folders }));
  onResync(() => void load());
  void load();
}

/** Adds a folder; `path` null asks the system's folder picker (Electron). Answers false when the picker was cancelled. */
export async function addWatchFolder(openId: string, path: string | null): Promise<boolean> {
  const added = await request('watchFolders.add', { openId, path });
  if (added) useWatchFolders.setState(({ folders }) => ({ folders: [...(folders ?? []).filter((folder) => folder.id !== added.id), added] }));
  return added !== null;
}

export async function setWatchFolderPaused(id: string, paused: boolean): Promise<void> {
  const updated = await request('watchFolders.setPaused', { id, paused });
  useWatchFolders.setState(({ folders }) => ({ folders: (folders ?? []).map((folder) => (folder.id === id ? updated : folder)) }));
}

export async function removeWatchFolder(id: string): Promise<void> {
  await request('watchFolders.remove', { id });
  useWatchFolders.setState(({ folders }) => ({ folders: (folders ?? []).filter((folder) => folder.id !== id) }));
}
