/**
 * Applies settings.appearance.theme as <html data-theme>, which tokens.css turns into a
 * color-scheme. The last theme is remembered locally so the first paint after a restart already
 * has it (the settings arrive a moment later); the settings stay the source of truth.
 */
import type { Settings } from '../api/contract';
import { useSettings } from './settings';

type Theme = Settings['appearance']['theme'];
const REMEMBERED = 'draftdeck.theme';
const THEMES: readonly Theme[] = ['system', 'light', 'dark'];

function apply(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
}

function remembered(): Theme {
  try {
    const value = window.localStorage.getItem(REMEMBERED);
    return THEMES.find((theme) => theme === value) ?? 'system';
  } catch {
    return 'system';
  }
}

function remember(theme: Theme): void {
  try {
    window.localStorage.setItem(REMEMBERED, theme);
  } catch {
    // Storage can be unavailable (private windows); the theme still applies for this session.
  }
}

export function startTheme(): () => void {
  apply(remembered());
  return useSettings.subscribe(({ settings }) => {
    const theme = settings?.appearance.theme;
    if (theme === undefined || document.documentElement.dataset.theme === theme) return;
    apply(theme);
    remember(theme);
  });
}
