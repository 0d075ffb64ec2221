/**
 * The one application window. Its page is the renderer, isolated from Node and from the preload
 * (contextIsolation + sandbox), loaded from the app's own origin, and kept there.
 *
 * Never a blank or missing window: it is shown when painted, or after SHOW_FALLBACK_MS if
 * 'ready-to-show' never comes; a failed load or a crashed renderer is logged and reloaded once,
 * and if that fails too the window shows a plain error page with a Reload link.
 */
import type { BrowserWindowConstructorOptions, WebPreferences } from 'electron';
import type { Logger } from '../../common/log.js';
import { APP_START_URL, isAppUrl } from '../transports/app-origin.js';
import { words } from '../core/contract/index.js';
import { sayWords, type MainLocale } from '../services/main-words.js';
import { loadErrorPageUrl } from './load-error-page.js';
import { guardWebContents, type GuardedWebContents } from './web-contents-policy.js';

/** How long the window waits for 'ready-to-show' before it shows itself anyway. */
export const SHOW_FALLBACK_MS = 5_000;
/** How long the app's page must run without failing before it earns a new automatic reload. */
export const HEALTHY_MS = 60_000;
/** Chromium's net::ERR_ABORTED: a load replaced by another one (a reload, a navigation), not a failure. */
const ERR_ABORTED = -3;

/** The page events the window recovers from (Electron's WebContents satisfies it). */
export interface RecoverableWebContents {
  on(event: 'did-fail-load', listener: (event: unknown, errorCode: number, errorDescription: string, validatedURL: string, isMainFrame: boolean) => void): unknown;
  on(event: 'render-process-gone', listener: (event: unknown, details: { reason: string; exitCode: number }) => void): unknown;
  on(event: 'did-finish-load', listener: () => void): unknown;
  getURL(): string;
  /** Ends a hung renderer (a page stuck in a loop cannot be reloaded otherwise). */
  forcefullyCrashRenderer(): void;
}

/** The part of Electron's BrowserWindow the app uses (the real one satisfies it). */
export interface AppWindow {
  readonly webContents: GuardedWebContents & RecoverableWebContents;
  loadURL(url: string): Promise<void>;
  once(event: 'ready-to-show' | 'closed', listener: () => void): unknown;
  on(event: 'unresponsive' | 'responsive', listener: () => void): unknown;
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
  /** Called once, when the window is first shown (painted, or after the fallback delay). */
  onShown?(): void;
  /** Asks the person what to do about a page that stopped responding (a native dialog in main.ts). */
  askAboutHang?(window: AppWindow): Promise<'wait' | 'reload'>;
}

/** The dialog that asks about a hung page, as Electron's dialog.showMessageBox takes it, in the window's language (the page cannot word it: it hangs). */
export function hangDialog(locale: MainLocale) {
  const say = (code: string) => sayWords(words(code), locale);
  return {
    type: 'warning' as const,
    title: say('dialog.hang.title'),
    message: say('dialog.hang.message'),
    detail: say('dialog.hang.detail'),
    buttons: [say('dialog.hang.wait'), say('dialog.hang.reload')],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
  };
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
  showWhenReady(window, options.onShown);
  const recovery = recoverFromFailures(window, options.startUrl ?? APP_START_URL, options.log);
  if (options.askAboutHang) offerWaitOrReload(window, options.askAboutHang, recovery, options.log);
  return window;
}

function showWhenReady(window: AppWindow, onShown: (() => void) | undefined): void {
  let shown = false;
  const show = () => {
    clearTimeout(fallback);
    if (shown || window.isDestroyed()) return;
    shown = true;
    window.show();
    onShown?.();
  };
  const fallback = setTimeout(show, SHOW_FALLBACK_MS);
  window.once('ready-to-show', show);
  window.once('closed', () => clearTimeout(fallback));
}

interface Recovery {
  /** Ends the page's hung renderer and loads the app again, as a reload the person asked for. */
  reloadHung(): void;
}

function recoverFromFailures(window: AppWindow, startUrl: string, log: Logger): Recovery {
  const load = (url: string) => window.loadURL(url).catch(() => undefined); // a failure arrives as did-fail-load
  // One automatic reload; the next one is earned by the person reloading from the error page, or
  // by the app's page running HEALTHY_MS without failing (a page that crashes as soon as it loads
  // must not reload forever, but a crash an hour later is a new failure).
  let reloaded = false;
  let errorPageShown = false;
  let hungCrash = false;
  let healthy: ReturnType<typeof setTimeout> | undefined;
  const recover = (reason: string) => {
    clearTimeout(healthy);
    if (window.isDestroyed()) return;
    window.show();
    if (!reloaded) {
      reloaded = true;
      log.warn({ reason }, 'the window failed; reloading it once');
      void load(startUrl);
    } else {
      log.error({ reason }, 'the window failed again; showing the error page');
      errorPageShown = true;
      void load(loadErrorPageUrl(reason));
    }
  };
  window.webContents.on('did-fail-load', (_event, errorCode, errorDescription, validatedURL, isMainFrame) => {
    // Subframes, superseded loads and the error page itself are not the app failing to load.
    if (!isMainFrame || errorCode === ERR_ABORTED || !isAppUrl(validatedURL)) return;
    recover(`${errorDescription} (${errorCode}) loading ${validatedURL}`);
  });
  window.webContents.on('render-process-gone', (_event, { reason, exitCode }) => {
    if (reason === 'clean-exit') return;
    if (hungCrash) {
      // Ended on purpose (the person chose Reload): a reload they asked for, not a failure.
      hungCrash = false;
      clearTimeout(healthy);
      if (!window.isDestroyed()) void load(startUrl);
      return;
    }
    recover(`the page's process ended: ${reason} (exit code ${exitCode})`);
  });
  window.webContents.on('did-finish-load', () => {
    clearTimeout(healthy);
    if (!isAppUrl(window.webContents.getURL())) return;
    if (errorPageShown) reloaded = errorPageShown = false;
    else if (reloaded) healthy = setTimeout(() => (reloaded = false), HEALTHY_MS);
  });
  window.once('closed', () => clearTimeout(healthy));
  void load(startUrl);
  return {
    reloadHung() {
      hungCrash = true;
      window.webContents.forcefullyCrashRenderer();
    },
  };
}

/** A page that stops responding: logged, and the person chooses to wait or to reload it. */
function offerWaitOrReload(window: AppWindow, ask: (window: AppWindow) => Promise<'wait' | 'reload'>, recovery: Recovery, log: Logger): void {
  let asking = false;
  window.on('unresponsive', () => {
    log.warn('the window stopped responding');
    if (asking || window.isDestroyed()) return;
    asking = true;
    ask(window)
      .then((choice) => {
        log.info({ choice }, 'asked what to do about the window not responding');
        if (choice === 'reload' && !window.isDestroyed()) recovery.reloadHung();
      })
      .catch((error: unknown) => log.error({ err: error }, 'could not ask about the window not responding'))
      .finally(() => (asking = false));
  });
  window.on('responsive', () => log.info('the window responds again'));
}

/** Brings the window forward, e.g. when the user launches the app a second time. */
export function bringToFront(window: AppWindow | null): void {
  if (!window || window.isDestroyed()) return;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}
