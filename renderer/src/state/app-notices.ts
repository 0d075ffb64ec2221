/**
 * The app's notices beside any page (appNotices.*): a damaged file moved aside at start (where
 * the damaged copy is), a full disk (what to free, where). Loaded at start and again after the
 * event stream comes back; a person dismisses a file notice, the full-disk one leaves by itself.
 */
import { create } from 'zustand';
import { on, onResync } from '../api/client';
import type { AppNotice } from '../api/contract';
import { request } from './connection';

export const useAppNotices = create<{ notices: AppNotice[] }>()(() => ({ notices: [] }));

async function load(): Promise<void> {
  try {
    useAppNotices.setState({ notices: await request('appNotices.list') });
  } catch {
    // The host is away: the connection notice says so, and a resync asks again.
  }
}

export async function dismissAppNotice(id: string): Promise<void> {
  // Gone from the window at once; the host's answer (appNotices.changed) agrees.
  useAppNotices.setState((state) => ({ notices: state.notices.filter((notice) => notice.id !== id) }));
  try {
    await request('appNotices.dismiss', { id });
  } catch {
    void load();
  }
}

let started = false;

export function startAppNotices(): void {
  if (started) return;
  started = true;
  on('appNotices.changed', (notices) => useAppNotices.setState({ notices }));
  onResync(() => void load());
  void load();
}
