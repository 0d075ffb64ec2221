/**
 * Electron entry: wiring only. The rules live in electron/platform/ (each module takes the
 * Electron APIs it needs, so unit tests pass fakes) and the app itself in createApp, the same
 * composition root web mode uses (electron/web.ts); this file differs from web.ts only in what it
 * hands createApp and how the dispatcher and the event hub reach the page.
 *
 * Bundled by scripts/build-electron.mjs into dist-electron/main.cjs; paths are taken from
 * app.getAppPath() (the folder holding package.json, or app.asar when packaged).
 */
import { join, resolve } from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, protocol, safeStorage, session, shell } from 'electron';
import { createLogger } from '../common/log.js';
import { createApp, type App } from './app.js';
import { createExternalOpener } from './platform/external-links.js';
import { createElectronTransport, type ElectronTransport } from './hosts/electron-ipc.js';
import { registerAppScheme, serveRenderer } from './platform/protocol.js';
import { createSafeStorageCipher } from './platform/safe-storage-cipher.js';
import { createSavePathChooser } from './platform/save-dialog.js';
import { guardSession } from './platform/session-policy.js';
import { claimSingleInstance } from './platform/single-instance.js';
import { createElectronStore } from './platform/store.js';
import { guardWebContents } from './platform/web-contents-policy.js';
import { bringToFront, createMainWindow } from './platform/window.js';

const log = createLogger({ name: 'draftdeck' });

async function main(): Promise<void> {
  // Same override as web mode, so tests and scripts can point both runtimes at a scratch folder.
  const dataDir = process.env.DRAFTDECK_DATA_DIR;
  if (dataDir) app.setPath('userData', resolve(dataDir));

  // Both must happen before 'ready': every renderer sandboxed, app:// privileged.
  app.enableSandbox();
  registerAppScheme(protocol);

  let mainWindow: BrowserWindow | null = null;
  if (!claimSingleInstance(app, () => bringToFront(mainWindow))) return;

  const openPageLink = (url: string) => shell.openExternal(url);
  // Whatever webContents Electron creates (ours, DevTools, anything a future feature adds) is held
  // to the same navigation and window.open rules as the main window.
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, { openExternal: openPageLink, log }));

  await app.whenReady();
  guardSession(session.defaultSession, log);
  serveRenderer(protocol, join(app.getAppPath(), 'dist', 'renderer'));

  const core: App = await createApp({
    runtime: 'electron',
    version: app.getVersion(),
    store: createElectronStore(),
    // userData (e.g. ~/.config/Draftdeck) is also web mode's default data folder: one place per user.
    dataDir: app.getPath('userData'),
    log,
    openExternal: createExternalOpener(shell, log.child({ layer: 'shell' })),
    // The OS key store; safeStorage is usable only after 'ready'.
    secretCipher: await createSafeStorageCipher(safeStorage),
    chooseSavePath: createSavePathChooser(dialog, () => BrowserWindow.getFocusedWindow()),
  });
  const transport: ElectronTransport = createElectronTransport({ ipcMain, dispatch: core.dispatch, hub: core.hub, log: log.child({ layer: 'ipc' }) });

  const openWindow = (): BrowserWindow => {
    const window = createMainWindow(
      { BrowserWindow },
      { preloadPath: join(app.getAppPath(), 'dist-electron', 'preload.cjs'), devTools: !app.isPackaged, openExternal: openPageLink, log },
    );
    transport.attach(window);
    window.once('closed', () => {
      if (mainWindow === window) mainWindow = null;
    });
    return window;
  };
  mainWindow = openWindow();

  // macOS keeps apps running with no window and reopens one from the dock; elsewhere closing the
  // last window quits.
  app.on('activate', () => {
    if (mainWindow === null) mainWindow = openWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  // Quitting waits for the services to close (uploads record where they stopped), once.
  let closed = false;
  app.on('will-quit', (event) => {
    if (closed) return;
    event.preventDefault();
    transport.dispose();
    core
      .close()
      .catch((error: unknown) => log.error({ err: error }, 'closing the app failed'))
      .finally(() => {
        closed = true;
        app.quit();
      });
  });
}

main().catch((error: unknown) => {
  log.fatal({ err: error }, 'Draftdeck failed to start');
  app.exit(1);
});
