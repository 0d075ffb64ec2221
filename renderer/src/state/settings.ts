/**
 * The app's settings as the main process holds them. Loaded once, saved section by section
 * (settings.set replaces whole sections), and kept current by `settings.changed`, which also
 * carries changes made elsewhere (another window, the automation API).
 */
import { create } from 'zustand';
import { ApiError, on } from '../api/client';
import type { Settings, SettingsPatch } from '../api/contract';
import { request } from './connection';

interface SettingsState {
  settings: Settings | null;
  loadError: ApiError | null;
}

export const useSettings = create<SettingsState>()(() => ({ settings: null, loadError: null }));

export async function loadSettings(): Promise<void> {
  try {
    useSettings.setState({ settings: await request('settings.get'), loadError: null });
  } catch (error) {
    useSettings.setState({ loadError: asApiError(error) });
  }
}

/** Saves a patch; resolves with the stored settings or rejects with an ApiError to show. */
export async function saveSettings(patch: SettingsPatch): Promise<Settings> {
  try {
    const next = await request('settings.set', patch);
    useSettings.setState({ settings: next, loadError: null });
    return next;
  } catch (error) {
    throw asApiError(error);
  }
}

let stopFollowing: (() => void) | null = null;

/** Answers once the first load is over (loaded or refused). */
export function startSettings(): Promise<void> {
  stopFollowing ??= on('settings.changed', (settings) => useSettings.setState({ settings, loadError: null }));
  return loadSettings();
}

export function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError({ code: 'internal', message: error instanceof Error ? error.message : String(error) });
}
