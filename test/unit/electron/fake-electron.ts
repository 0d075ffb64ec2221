/**
 * A hand-written fake of the parts of the `electron` module the app uses. It records what the
 * code under test asks of Electron (in `calls`, in order) and lets a test act as Electron would:
 * fire `ready`, navigate a page, send an IPC call from a given frame, fetch from a protocol.
 *
 * The real module cannot be loaded here: under plain Node, `require('electron')` tries to
 * download the Electron binary. Tests reach this fake three ways: as an argument (platform
 * modules take Electron APIs as parameters), through vi.mock('electron') for main.ts and
 * preload.ts, and through install-fake-electron.ts for code Node loads itself (electron-store,
 * the built bundles).
 */
import { existsSync } from 'node:fs';
import type { BrowserWindowConstructorOptions, CustomScheme, NotificationConstructorOptions } from 'electron';

type AnyListener = (...args: never[]) => unknown;
type Call = (...args: unknown[]) => unknown;

export class FakeEvent {
  defaultPrevented = false;
  preventDefault(): void {
    this.defaultPrevented = true;
  }
}

export class FakeEmitter {
  private readonly listeners = new Map<string, { fn: Call; once: boolean }[]>();

  on(event: string, listener: AnyListener): this {
    this.add(event, listener, false);
    return this;
  }

  once(event: string, listener: AnyListener): this {
    this.add(event, listener, true);
    return this;
  }

  removeListener(event: string, listener: AnyListener): this {
    const list = this.listeners.get(event) ?? [];
    this.listeners.set(event, list.filter((entry) => entry.fn !== (listener as unknown as Call)));
    return this;
  }

  emit(event: string, ...args: unknown[]): boolean {
    const list = this.listeners.get(event) ?? [];
    this.listeners.set(event, list.filter((entry) => !entry.once));
    for (const entry of list) entry.fn(...args);
    return list.length > 0;
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.length ?? 0;
  }

  private add(event: string, listener: AnyListener, once: boolean): void {
    const list = this.listeners.get(event) ?? [];
    list.push({ fn: listener as unknown as Call, once });
    this.listeners.set(event, list);
  }
}

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
  close(): void {
    this.destroyed = true;
    this.webContents.destroyed = true;
    this.emit('closed');
  }
}

export interface FakeIpcEvent {
  sender: FakeWebContents;
  senderFrame: FakeFrame | null;
}

export class FakeIpcMain extends FakeEmitter {
  readonly handlers = new Map<string, Call>();

  handle(channel: string, listener: (event: never, ...args: never[]) => unknown): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, listener as unknown as Call);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
  removeAllListeners(): this {
    return this;
  }

  /** What ipcRenderer.invoke(channel, ...args) from `event.senderFrame` would get back. */
  async invoke(channel: string, event: FakeIpcEvent, ...args: unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    return handler(event, ...args);
  }
}

export class FakeIpcRenderer extends FakeEmitter {
  readonly invocations: { channel: string; args: unknown[] }[] = [];
  respond: (channel: string, ...args: unknown[]) => unknown = () => ({ ok: true, value: null });

  async invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    this.invocations.push({ channel, args });
    return this.respond(channel, ...args);
  }

  /** A message from the main process, with the event object Electron passes first. */
  receive(channel: string, ...args: unknown[]): void {
    this.emit(channel, { sender: this, senderId: 0, ports: [] }, ...args);
  }
}

export interface FakeElectronOptions {
  singleInstanceLock?: boolean;
  appPath?: string;
  userData?: string;
  packaged?: boolean;
}

export function createFakeElectron(options: FakeElectronOptions = {}) {
  const calls: string[] = [];
  const defaultSession = new FakeSession();
  let ready = false;
  let markReady: () => void = () => {};
  const readyPromise = new Promise<void>((resolve) => (markReady = resolve));
  const windows: FakeBrowserWindow[] = [];

  class App extends FakeEmitter {
    userData = options.userData ?? '/nonexistent/userData';
    appPath = options.appPath ?? '/nonexistent/app';
    isPackaged = options.packaged ?? false;
    logs: string | null = null;
    quitCount = 0;
    exitCode: number | null = null;

    requestSingleInstanceLock(): boolean {
      calls.push('app.requestSingleInstanceLock');
      return options.singleInstanceLock ?? true;
    }
    quit(): void {
      calls.push('app.quit');
      this.quitCount++;
    }
    exit(code = 0): void {
      calls.push(`app.exit(${code})`);
      this.exitCode = code;
    }
    enableSandbox(): void {
      if (ready) throw new Error('app.enableSandbox() can only be called before app is ready');
      calls.push('app.enableSandbox');
    }
    whenReady(): Promise<void> {
      return readyPromise;
    }
    isReady(): boolean {
      return ready;
    }
    /** The test acts as Electron finishing its start-up. */
    ready(): void {
      ready = true;
      calls.push('app.ready');
      this.emit('ready');
      markReady();
    }
    getVersion(): string {
      return '9.8.7';
    }
    getName(): string {
      return 'Draftdeck';
    }
    getAppPath(): string {
      return this.appPath;
    }
    getPath(name: string): string {
      if (name === 'userData') return this.userData;
      if (name === 'logs') {
        // Electron: set on first use (inside userData on Linux and Windows) unless setAppLogsPath ran.
        this.logs ??= `${this.userData}/logs`;
        return this.logs;
      }
      throw new Error(`fake app.getPath(${name}) is not implemented`);
    }
    setAppLogsPath(path?: string): void {
      calls.push('app.setAppLogsPath');
      this.logs = path ?? `${this.userData}/logs`;
    }
    setPath(name: string, value: string): void {
      calls.push(`app.setPath(${name})`);
      // As Electron's: a directory that does not exist is refused ("Failed to set path"); the
      // caller must create it first.
      if (!existsSync(value)) throw new Error('Failed to set path');
      if (name === 'userData') this.userData = value;
    }
  }
  const app = new App();

  class BrowserWindow extends FakeBrowserWindow {
    constructor(windowOptions: BrowserWindowConstructorOptions) {
      super(windowOptions, defaultSession);
      calls.push('new BrowserWindow');
      windows.push(this);
      app.emit('web-contents-created', new FakeEvent(), this.webContents);
      this.once('closed', () => windows.splice(windows.indexOf(this), 1));
    }
    static getAllWindows(): FakeBrowserWindow[] {
      return [...windows];
    }
    static fromWebContents(contents: FakeWebContents): FakeBrowserWindow | null {
      return windows.find((window) => window.webContents === contents) ?? null;
    }
  }

  const protocol = {
    privileged: [] as CustomScheme[],
    handlers: new Map<string, (request: Request) => Response | Promise<Response>>(),
    registerSchemesAsPrivileged(schemes: CustomScheme[]): void {
      if (ready) throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready');
      calls.push('protocol.registerSchemesAsPrivileged');
      this.privileged.push(...schemes);
    },
    handle(scheme: string, handler: (request: Request) => Response | Promise<Response>): void {
      calls.push(`protocol.handle(${scheme})`);
      this.handlers.set(scheme, handler);
    },
    /** A request from a page to the registered handler of the URL's scheme. */
    async fetch(url: string, init?: RequestInit): Promise<Response> {
      const scheme = url.slice(0, url.indexOf(':'));
      const handler = this.handlers.get(scheme);
      if (!handler) throw new Error(`net::ERR_UNKNOWN_URL_SCHEME (${scheme})`);
      return handler(new Request(url, init));
    },
  };

  const shell = {
    opened: [] as string[],
    openedPaths: [] as string[],
    /** What shell.openPath answers: '' on success, an error message otherwise. */
    openPathResult: '',
    async openExternal(url: string): Promise<void> {
      calls.push('shell.openExternal');
      this.opened.push(url);
    },
    async openPath(path: string): Promise<string> {
      calls.push('shell.openPath');
      this.openedPaths.push(path);
      return this.openPathResult;
    },
  };

  /**
   * dialog: the save dialog answers `nextPath` (null = the person cancelled); error boxes are
   * recorded instead of shown.
   */
  const dialog = {
    errorBoxes: [] as { title: string; content: string }[],
    showErrorBox(title: string, content: string): void {
      calls.push('dialog.showErrorBox');
      this.errorBoxes.push({ title, content });
    },
    nextPath: null as string | null,
    async showSaveDialog(..._args: unknown[]): Promise<{ canceled: boolean; filePath?: string }> {
      calls.push('dialog.showSaveDialog');
      return this.nextPath === null ? { canceled: true } : { canceled: false, filePath: this.nextPath };
    },
  };

  const contextBridge = {
    exposed: {} as Record<string, unknown>,
    exposeInMainWorld(key: string, api: unknown): void {
      calls.push(`contextBridge.exposeInMainWorld(${key})`);
      this.exposed[key] = api;
    },
  };

  /** safeStorage on a Linux desktop with a working key store; `backend` can be changed by a test. */
  const safeStorage = {
    backend: 'gnome_libsecret' as string,
    available: true,
    async isAsyncEncryptionAvailable(): Promise<boolean> {
      return this.available;
    },
    getSelectedStorageBackend(): string {
      return this.backend;
    },
    async encryptStringAsync(text: string): Promise<Buffer> {
      return Buffer.from(`sealed:${text}`, 'utf8');
    },
    async decryptStringAsync(data: Buffer): Promise<{ shouldReEncrypt: boolean; result: string }> {
      return { shouldReEncrypt: false, result: data.toString('utf8').replace(/^sealed:/, '') };
    },
  };

  /** Notification: each shown one is recorded in `shown`; a test may make the system have none (`supported`). */
  class Notification extends FakeEmitter {
    static supported = true;
    static readonly shown: Notification[] = [];
    static isSupported(): boolean {
      return Notification.supported;
    }
    constructor(readonly options: NotificationConstructorOptions) {
      super();
    }
    show(): void {
      calls.push('Notification.show');
      Notification.shown.push(this);
    }
  }

  /** webUtils: a test says which File objects are on disk, and where. */
  const webUtils = {
    paths: new WeakMap<object, string>(),
    onDisk(file: File, path: string): File {
      this.paths.set(file, path);
      return file;
    },
    getPathForFile(file: File): string {
      calls.push('webUtils.getPathForFile');
      if (!(file instanceof File)) throw new TypeError('Error processing argument at index 0, conversion failure from');
      return this.paths.get(file) ?? '';
    },
  };

  return {
    calls,
    app,
    safeStorage,
    webUtils,
    BrowserWindow,
    Notification,
    ipcMain: new FakeIpcMain(),
    ipcRenderer: new FakeIpcRenderer(),
    protocol,
    session: { defaultSession },
    shell,
    dialog,
    contextBridge,
  };
}

export type FakeElectron = ReturnType<typeof createFakeElectron>;

/**
 * How long a test waits for the app behind 'ready' (all services, the embedded sandbox) to open
 * its window or to finish closing. It waits for an event, not a measured time: on a machine busy
 * with other work a start takes seconds (the embedded backend's PGlite alone took 26 s at load
 * average 13 on two cores), and vi.waitFor's default second is not enough.
 */
export const APP_EVENT_WAIT = { timeout: 50_000, interval: 20 };
/** A test (or hook) that waits for the app to start: the wait above and the test's own steps. */
export const APP_START_TEST_TIMEOUT = 90_000;
