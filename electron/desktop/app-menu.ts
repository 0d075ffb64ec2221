/**
 * Draftdeck's own application menu, in place of Electron's default (whose Help entries point at
 * electronjs.org): the standard roles (so copy and paste, zoom, close and quit keep their
 * shortcuts), DevTools only where the app is not packaged, and Help → Draftdeck's documentation,
 * the logs folder (what a bug report asks for) and About. Its own labels are in the window's
 * language (`main.menu.*`); Electron words the roles' items itself.
 */
import type { MenuItemConstructorOptions } from 'electron';
import type { Logger } from '../../common/log.js';
import { words } from '../core/contract/index.js';
import { sayWords, type MainLocale } from '../services/main-words.js';

/** Where Draftdeck's documentation lives, opened in the system browser. */
export const DOCS_URL = 'https://draftdeck.app/docs/';

export interface AppMenuActions {
  openExternal(url: string): Promise<unknown>;
  openLogsFolder(): Promise<void>;
  showAbout(): void;
}

export function appMenuTemplate({ platform, devTools, actions, log, locale = 'en' }: { platform: NodeJS.Platform; devTools: boolean; actions: AppMenuActions; log: Logger; locale?: MainLocale }): MenuItemConstructorOptions[] {
  const say = (code: string) => sayWords(words(`menu.${code}`), locale);
  const attempt = (what: string, run: () => Promise<unknown>) => () => void run().catch((error: unknown) => log.warn({ err: error }, `the menu could not ${what}`));
  const mac = platform === 'darwin';
  return [
    ...(mac ? [{ role: 'appMenu' } as MenuItemConstructorOptions] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    {
      label: say('view'),
      submenu: [{ role: 'reload' }, ...(devTools ? [{ role: 'toggleDevTools' } as MenuItemConstructorOptions] : []), { type: 'separator' }, { role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }, { type: 'separator' }, { role: 'togglefullscreen' }],
    },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [
        { label: say('docs'), click: attempt('open the documentation', () => actions.openExternal(DOCS_URL)) },
        { label: say('logs'), click: attempt('open the logs folder', () => actions.openLogsFolder()) },
        // macOS has About in the app menu already.
        ...(mac ? [] : [{ type: 'separator' } as MenuItemConstructorOptions, { label: say('about'), click: () => actions.showAbout() }]),
      ],
    },
  ];
}
