/**
 * The one application window. Its page is the renderer, isolated from Node and from the preload
 * (contextIsolation + sandbox), loaded from the app's own origin, and kept there.
 */
import type { BrowserWindowConstructorOptions, WebPreferences } from 'electron';
import type { Logger } from '../../common/log.js';
import { APP_START_URL } from '../hosts/app-origin.js';
import { guardWebContents, type GuardedWebContents } from './web-contents-policy.js';

/** The part of Electron's BrowserWindow the app uses (the real one satisfies it). */
export interface AppWindow {
  readonly webContents: GuardedWebContents;
  loadURL(url: string): Promise<void>;
  once(event: 'ready-to-show', listener: () => void): unknown;
  show(): void;
  focus(): void;
  restore(): void;
  isMinimized(): boolean;
  isDestroyed(): boolean;
}

export type AppWindowConstructor<W extends AppWindow> = new (options: BrowserWindowConstructorOptions) => W;

export interface MainWindowOptions {
  /** Absolute path of the bundled preload (dist-electron/preload.cjs). */
  preloadPath: string;
  /** DevTools only where the app is not packaged. */
  devTools: boolean;
  /** Opens a vetted https URL in the system browser (shell.openExternal). */
  openExternal(url: string): Promise<void>;
  log: Logger;
  startUrl?: string;
}

/** Every switch that keeps page code away from Node and from other origins, spelled out. */
export function mainWindowPreferences(preloadPath: string, devTools: boolean): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    experimentalFeatures: false,
    safeDialogs: true,
    spellcheck: false,
    devTools,
  };
}

export function createMainWindow<W extends AppWindow>(electron: { BrowserWindow: AppWindowConstructor<W> }, options: MainWindowOptions): W {
  const window = new electron.BrowserWindow({
    title: 'Draftdeck',
    width: 1200,
    height: 800,
    minWidth: 720,
    minHeight: 480,
    // Shown once painted, so the user never sees an empty frame.
    show: false,
    webPreferences: mainWindowPreferences(options.preloadPath, options.devTools),
  });
  guardWebContents(window.webContents, { openExternal: options.openExternal, log: options.log });
  window.once('ready-to-show', () => window.show());
  window.loadURL(options.startUrl ?? APP_START_URL).catch((error: unknown) => options.log.error({ err: error }, 'the renderer failed to load'));
  return window;
}

/** Brings the window forward, e.g. when the user launches the app a second time. */
export function bringToFront(window: AppWindow | null): void {
  if (!window || window.isDestroyed()) return;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}
