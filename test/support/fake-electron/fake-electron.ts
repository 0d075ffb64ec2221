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
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { BrowserWindowConstructorOptions, CustomScheme, MenuItemConstructorOptions, NotificationConstructorOptions } from 'electron';
import { FakeEmitter, FakeEvent } from './fake-emitter.js';
import { FakeIpcMain, FakeIpcRenderer } from './fake-ipc.js';
import { FakeBrowserWindow, FakeSession, type FakeWebContents } from './fake-windows.js';

// The fake's parts, each in its own file: events (fake-emitter.ts), windows, pages and sessions
// (fake-windows.ts), IPC (fake-ipc.ts). Tests import them all from here.
export { FakeEmitter, FakeEvent } from './fake-emitter.js';
export { FakeIpcMain, FakeIpcRenderer, type FakeIpcEvent } from './fake-ipc.js';
export { FakeBrowserWindow, FakeFrame, FakeSession, FakeWebContents } from './fake-windows.js';

interface MessageBoxOptions {
  title?: string;
  message: string;
  detail?: string;
  buttons?: string[];
  defaultId?: number;
  cancelId?: number;
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
    getPreferredSystemLanguages(): string[] {
      return ['pt-PT', 'en-US'];
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
    aboutShown = 0;
    showAboutPanel(): void {
      calls.push('app.showAboutPanel');
      this.aboutShown++;
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
    /** Message boxes asked for, and the button index the person picks next (0 = the first). */
    messageBoxes: [] as { window: unknown; options: MessageBoxOptions }[],
    nextResponse: 0,
    /** As Electron's: (window, options) or (options) alone. */
    async showMessageBox(windowOrOptions: unknown, maybeOptions?: MessageBoxOptions): Promise<{ response: number; checkboxChecked: boolean }> {
      calls.push('dialog.showMessageBox');
      const [window, options] = maybeOptions ? [windowOrOptions, maybeOptions] : [null, windowOrOptions as MessageBoxOptions];
      this.messageBoxes.push({ window, options });
      return { response: this.nextResponse, checkboxChecked: false };
    },
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

  /**
   * utilityProcess: a real Node child process, as Electron's is (stdin ignored, stdout and stderr
   * piped, 'exit' with the code), so the built-in platform's programs really run.
   */
  const utilityProcess = {
    forked: [] as string[],
    fork(modulePath: string, args: string[] = [], forkOptions: { env?: NodeJS.ProcessEnv } = {}) {
      calls.push('utilityProcess.fork');
      this.forked.push(modulePath);
      const child = spawn(process.execPath, [modulePath, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: forkOptions.env ?? process.env });
      const utility = Object.assign(new FakeEmitter(), { pid: child.pid, stdout: child.stdout, stderr: child.stderr, kill: () => child.kill('SIGTERM') });
      child.once('exit', (code) => utility.emit('exit', code ?? 0));
      return utility;
    },
  };

  /** Menu: the template stands in for the built menu; the application menu is kept for the test to read. */
  const Menu = {
    application: null as MenuItemConstructorOptions[] | null,
    buildFromTemplate(template: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
      return template;
    },
    setApplicationMenu(menu: MenuItemConstructorOptions[] | null): void {
      calls.push('Menu.setApplicationMenu');
      this.application = menu;
    },
  };

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
    Menu,
    ipcMain: new FakeIpcMain(),
    ipcRenderer: new FakeIpcRenderer(),
    protocol,
    session: { defaultSession },
    shell,
    dialog,
    contextBridge,
    utilityProcess,
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
