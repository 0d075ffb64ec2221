/**
 * Windows in the Electron fake (fake-electron.ts): a window, its page (web contents, with its main
 * frame) and the session it belongs to. A test acts as the page or as Electron: navigate, open a
 * window, redirect, fail a load, crash the renderer, ask for a permission.
 */
import type { BrowserWindowConstructorOptions } from 'electron';
import { FakeEmitter, FakeEvent } from './fake-emitter.js';

export class FakeFrame {
  constructor(
    public url: string,
    public parent: FakeFrame | null = null,
  ) {}
}

export class FakeSession extends FakeEmitter {
  permissionRequestHandler: ((webContents: unknown, permission: string, callback: (granted: boolean) => void) => void) | null = null;
  permissionCheckHandler: ((webContents: unknown, permission: string) => boolean) | null = null;
  devicePermissionHandler: (() => boolean) | null = null;
  /** What Chromium answers session.resolveProxy with (the system's settings, a PAC script's answer), and the URLs asked about. */
  proxyAnswer = 'DIRECT';
  readonly proxyAsked: string[] = [];

  async resolveProxy(url: string): Promise<string> {
    this.proxyAsked.push(url);
    return this.proxyAnswer;
  }

  setPermissionRequestHandler(handler: (webContents: unknown, permission: string, callback: (granted: boolean) => void) => void): void {
    this.permissionRequestHandler = handler;
  }
  setPermissionCheckHandler(handler: (webContents: unknown, permission: string) => boolean): void {
    this.permissionCheckHandler = handler;
  }
  setDevicePermissionHandler(handler: () => boolean): void {
    this.devicePermissionHandler = handler;
  }

  /** What a page asking for `permission` would be told. */
  requestPermission(permission: string): Promise<boolean> {
    return new Promise((resolve) => {
      if (!this.permissionRequestHandler) return resolve(true); // Electron's default: granted
      this.permissionRequestHandler({}, permission, resolve);
    });
  }
}

let nextWebContentsId = 1;

export class FakeWebContents extends FakeEmitter {
  readonly id = nextWebContentsId++;
  readonly mainFrame = new FakeFrame('');
  /** Every message sent to the page, with the (possibly fake) time it was sent. */
  readonly sent: { channel: string; args: unknown[]; at: number }[] = [];
  windowOpenHandler: ((details: { url: string }) => { action: 'deny' | 'allow' }) | null = null;
  destroyed = false;

  constructor(readonly session: FakeSession) {
    super();
  }

  send(channel: string, ...args: unknown[]): void {
    if (this.destroyed) throw new Error('Object has been destroyed');
    this.sent.push({ channel, args, at: Date.now() });
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void {
    this.windowOpenHandler = handler;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  getURL(): string {
    return this.mainFrame.url;
  }

  /** A page calling window.open(url): Electron's default, without a handler, is to allow it. */
  openWindow(url: string): 'deny' | 'allow' {
    return this.windowOpenHandler ? this.windowOpenHandler({ url }).action : 'allow';
  }

  /** A top-frame navigation to `url`: true when some listener prevented it. */
  navigate(url: string): boolean {
    const event = new FakeEvent();
    this.emit('will-navigate', event, url);
    const frameEvent = Object.assign(new FakeEvent(), { url, isMainFrame: true });
    this.emit('will-frame-navigate', frameEvent);
    return event.defaultPrevented || frameEvent.defaultPrevented;
  }

  /** A subframe navigation (only will-frame-navigate fires for those). */
  navigateSubframe(url: string): boolean {
    const event = Object.assign(new FakeEvent(), { url, isMainFrame: false });
    this.emit('will-frame-navigate', event);
    return event.defaultPrevented;
  }

  redirect(url: string): boolean {
    const event = new FakeEvent();
    this.emit('will-redirect', event, url);
    return event.defaultPrevented;
  }

  /** Electron reporting that a load failed (Chromium's net error code, e.g. -6 file not found). */
  failLoad(url: string, errorCode = -6, errorDescription = 'ERR_FILE_NOT_FOUND', isMainFrame = true): void {
    this.emit('did-fail-load', new FakeEvent(), errorCode, errorDescription, url, isMainFrame);
  }
  /** The page's renderer process ending (crashed, killed, out of memory...). */
  crash(reason = 'crashed', exitCode = 11): void {
    this.emit('render-process-gone', new FakeEvent(), { reason, exitCode });
  }
  finishLoad(): void {
    this.emit('did-finish-load');
  }
  /** Electron's way out of a hung page: the renderer ends, reported as render-process-gone 'killed'. */
  forcefullyCrashRenderer(): void {
    this.crashedOnPurpose++;
    this.crash('killed', 0);
  }
  crashedOnPurpose = 0;

  attachWebview(): boolean {
    const event = new FakeEvent();
    this.emit('will-attach-webview', event, {}, {});
    return event.defaultPrevented;
  }
}

export class FakeBrowserWindow extends FakeEmitter {
  readonly webContents: FakeWebContents;
  readonly loadedUrls: string[] = [];
  shown = false;
  focused = false;
  minimized = false;
  destroyed = false;

  constructor(
    readonly options: BrowserWindowConstructorOptions,
    session: FakeSession,
  ) {
    super();
    this.webContents = new FakeWebContents(session);
  }

  loadURL(url: string): Promise<void> {
    this.loadedUrls.push(url);
    this.webContents.mainFrame.url = url;
    return Promise.resolve();
  }
  show(): void {
    this.shown = true;
  }
  focus(): void {
    this.focused = true;
  }
  restore(): void {
    this.minimized = false;
  }
  minimize(): void {
    this.minimized = true;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  /** The page stops (or starts again) answering its window, as Electron tells it. */
  hang(): void {
    this.emit('unresponsive');
  }
  close(): void {
    this.destroyed = true;
    this.webContents.destroyed = true;
    this.emit('closed');
  }
}
