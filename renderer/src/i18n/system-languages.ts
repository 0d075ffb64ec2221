/**
 * The person's preferred languages: the browser's in web mode; in the desktop app the OS's, which
 * the main process reads (app.getPreferredSystemLanguages) and app.info carries. Until app.info
 * answers, the page's own (Chromium's idea of the same) stand in.
 */
import { create } from 'zustand';
import { request } from '../state/connection';

export const useSystemLanguages = create<{ languages: readonly string[] }>()(() => ({ languages: browserLanguages() }));

export async function startSystemLanguages(): Promise<void> {
  try {
    const { languages } = await request('app.info');
    if (languages.length > 0) useSystemLanguages.setState({ languages });
  } catch {
    // request() has recorded the outcome; the browser's languages stay.
  }
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages.length > 0 ? navigator.languages : [navigator.language];
}
