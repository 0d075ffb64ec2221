/**
 * Electron entry: wiring only. The rules live in electron/desktop/ (each module takes the
 * Electron APIs it needs, so unit tests pass fakes) and the app itself in createApp, the same
 * composition root web mode uses (electron/web.ts); this file differs from web.ts only in what it
 * hands createApp and how the dispatcher and the event hub reach the page.
 *
 * Bundled by scripts/build-electron.mjs into dist-electron/main.cjs; paths are taken from
 * app.getAppPath() (the folder holding package.json, or app.asar when packaged).
 */
import { join, resolve } from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, Menu, Notification, protocol, safeStorage, session, shell, utilityProcess } from 'electron';
import { createLogger } from '../common/log.js';
import { trustSystemCertificates, useProxy } from '../platform-api/agents.js';
import { proxyFromPac } from '../platform-api/proxy.js';
import { createLogFiles } from './desktop/log-files.js';
import { createApp, type App } from './app.js';
import { platformProgramsIn, sandboxArgsFromEnv } from './services/builtin-platform/builtin-platform.js';
import { ffmpegBinaryPath } from './services/video-fix/ffmpeg-binary.js';
import { createExternalOpener } from './desktop/external-links.js';
import { appMenuTemplate } from './desktop/app-menu.js';
import { createElectronTransport, type ElectronTransport } from './transports/electron-ipc.js';
import { parseLaunchArgs, printReadyLine, showStartFailure, useDataDir } from './desktop/launch.js';
import { logsFolder, placeLogs } from './desktop/logs-folder.js';
import { registerAppScheme, serveRenderer } from './desktop/protocol.js';
import { APP_USER_MODEL_ID, createNotifier } from './desktop/notifications.js';
import { createSafeStorageCipher } from './desktop/safe-storage-cipher.js';
import { createFolderChooser, createSavePathChooser } from './desktop/save-dialog.js';
import { guardSession } from './desktop/session-policy.js';
import { claimSingleInstance } from './desktop/single-instance.js';
import { createElectronStorage } from './desktop/electron-storage.js';
import { guardWebContents } from './desktop/web-contents-policy.js';
import { createUpdater } from './desktop/updater.js';
import { confirmFeedInDialog, policyFilePath, readBuildFeed, readPolicyFeed, updateRefusal } from './desktop/update-feed.js';
import { catchProcessFailures, watchChildProcesses } from './desktop/process-failures.js';
import { closeBeforeQuit } from './desktop/quit-deadline.js';
import { utilityProcessLauncher } from './desktop/utility-launcher.js';
import { bringToFront, createMainWindow, hangDialog } from './desktop/window.js';
import { mainLocale, type MainLocale } from './services/main-words.js';

// `npm start -- --data-dir DIR --json` works as in web mode; argv holds the app folder too when unpackaged.
const launch = parseLaunchArgs(process.argv.slice(app.isPackaged ? 1 : 2));
// Same override as web mode, so tests and scripts can point both runtimes at a scratch folder.
const dataDir = launch.dataDir ?? (process.env.DRAFTDECK_DATA_DIR ? resolve(process.env.DRAFTDECK_DATA_DIR) : undefined);
// Made if new; a folder that cannot be used stops the start with a dialog, once there can be one.
const dataDirProblem = useDataDir(app, dataDir);
// Log files, never a console the app may not have (a packaged Windows app has none); a terminal
// also gets the lines when there is one. Where the data folder is unusable, the default place.
const logFiles = createLogFiles({ dir: placeLogs(app, dataDirProblem ? undefined : dataDir), stderr: process.stderr.isTTY === true });
const log = createLogger({ name: 'draftdeck', destination: logFiles });
// From here on nothing fails silently: logged, and said in a dialog.
catchProcessFailures(process, { log, dialog, logFile: logFiles.path, locale: () => windowLocale() });

async function main(): Promise<void> {
  // Both must happen before 'ready': every renderer sandboxed, app:// privileged.
  app.enableSandbox();
  // Windows shows notifications only for the id the installer's shortcut carries.
  if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);
  registerAppScheme(protocol);

  let mainWindow: BrowserWindow | null = null;
  if (!claimSingleInstance(app, () => bringToFront(mainWindow))) return;

  const openPageLink = (url: string) => shell.openExternal(url);
  // Whatever webContents Electron creates (ours, DevTools, anything a future feature adds) is held
  // to the same navigation and window.open rules as the main window.
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, { openExternal: openPageLink, log }));

  watchChildProcesses(app, log.child({ layer: 'processes' }));

  await app.whenReady();
  if (dataDirProblem) throw dataDirProblem;
  guardSession(session.defaultSession, log);
  // Main-process requests take the system's proxy settings (and PAC script), as Chromium resolves them.
  // ...and the system's certificate store, as Chromium does.
  if (!trustSystemCertificates()) log.warn('the system certificate store could not be read: only the roots Node bundles are trusted');
  useProxy(async (url) => proxyFromPac(await session.defaultSession.resolveProxy(url.href), (entry) => log.warn({ entry }, 'a proxy kind Draftdeck cannot use; trying the next')));
  serveRenderer(protocol, join(app.getAppPath(), 'dist', 'renderer'));
  const logs = logsFolder(shell, app.getPath('logs'), logFiles);
  const openExternal = createExternalOpener(shell, log.child({ layer: 'shell' }));
  const menuActions = { openExternal, openLogsFolder: () => logs.open(), showAbout: () => app.showAboutPanel() };
  // In the window's language: the OS's until the app runs, then the app's, again whenever its setting changes.
  const setMenu = () => Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate({ platform: process.platform, devTools: !app.isPackaged, actions: menuActions, log, locale: windowLocale() })));
  setMenu();

  const core: App = await createApp({
    runtime: 'electron',
    version: app.getVersion(),
    storage: createElectronStorage(),
    // userData (e.g. ~/.config/Draftdeck) is also web mode's default data folder: one place per user.
    dataDir: app.getPath('userData'),
    log,
    openExternal,
    // The OS key store; safeStorage is usable only after 'ready'.
    secretCipher: await createSafeStorageCipher(safeStorage),
    // The sandbox's and the backend's bundles (scripts/build.mjs), each run as a utility process.
    builtinPlatform: {
      programs: platformProgramsIn(app.getAppPath()),
      sandboxArgs: sandboxArgsFromEnv(app.getAppPath()),
      launch: utilityProcessLauncher((modulePath, args, options) => utilityProcess.fork(modulePath, args, options)),
    },
    // Bundled beside this file by scripts/build-electron.mjs.
    photoWorker: { file: join(__dirname, 'photo-prep-worker.cjs') },
    // FFmpeg from the app's node_modules, unpacked beside app.asar in a packaged app (electron-builder.yml asarUnpack).
    ffmpegPath: ffmpegBinaryPath(app.getAppPath()),
    logs,
    // electron-updater updates installed apps only; run from a checkout, the app says so instead.
    updater: app.isPackaged ? desktopUpdater() : undefined,
    chooseSavePath: createSavePathChooser(dialog, () => BrowserWindow.getFocusedWindow()),
    // A click brings the window forward on the batch's drafts (the page selects them in the queue).
    notify: createNotifier(Notification, ({ batchId, draftIds }) => {
      bringToFront(mainWindow);
      core.hub.emit('notices.opened', { batchId, draftIds });
    }),
    chooseFolder: createFolderChooser(dialog, () => BrowserWindow.getFocusedWindow(), () => windowLocale()),
    systemLanguages: () => app.getPreferredSystemLanguages(),
  });
  windowLocale = () => core.windowLocale();
  let menuLocale = windowLocale();
  setMenu();
  core.hub.subscribe((batch) => {
    if (!batch.some((message) => message.name === 'settings.changed') || windowLocale() === menuLocale) return;
    menuLocale = windowLocale();
    setMenu();
  });
  const transport: ElectronTransport = createElectronTransport({ ipcMain, dispatch: core.dispatch, hub: core.hub, log: log.child({ layer: 'ipc' }) });

  const openWindow = (): BrowserWindow => {
    const window = createMainWindow(
      { BrowserWindow },
      { preloadPath: join(app.getAppPath(), 'dist-electron', 'preload.cjs'), devTools: !app.isPackaged, openExternal: openPageLink, log, onShown: announceReady, askAboutHang },
    );
    transport.attach(window);
    window.once('closed', () => {
      if (mainWindow === window) mainWindow = null;
    });
    return window;
  };
  const askAboutHang = async (window: unknown): Promise<'wait' | 'reload'> => {
    const { response } = await dialog.showMessageBox(window as BrowserWindow, hangDialog(core.windowLocale()));
    return response === 1 ? 'reload' : 'wait';
  };
  let announced = !launch.json;
  function announceReady(): void {
    if (announced) return;
    announced = true;
    printReadyLine();
  }
  mainWindow = openWindow();

  // macOS keeps apps running with no window and reopens one from the dock; elsewhere closing the
  // last window quits.
  app.on('activate', () => {
    if (mainWindow === null) mainWindow = openWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  // Quitting waits for the services to close (uploads record where they stopped), once, for 10 s at most.
  closeBeforeQuit(app, async () => {
    transport.dispose();
    await core.close();
  }, log);
}

/** The window's language for the main process's own dialogs: the OS's until the app runs, then the app's (its setting too). */
let windowLocale = (): MainLocale => mainLocale('system', app.getPreferredSystemLanguages());

/** electron-updater on the build's feed (app-update.yml beside app.asar), an administrator's policy, and the native dialog for any other. */
function desktopUpdater() {
  const updaterLog = log.child({ service: 'updater' });
  const buildFeed = readBuildFeed(process.resourcesPath, updaterLog);
  return createUpdater(updaterLog, {
    buildFeed: buildFeed.url,
    policyFeed: readPolicyFeed(policyFilePath(process.platform, process.env), updaterLog),
    refusal: updateRefusal(process.platform, buildFeed),
    // In the window's language: its setting once the app runs (the feed can only change from its page), else the OS's.
    confirmFeed: (url) => confirmFeedInDialog(dialog, url, windowLocale()),
  });
}

main().catch((error: unknown) => {
  log.fatal({ err: error }, 'Draftdeck failed to start');
  // Without a window the person would see nothing at all: say why before exiting.
  showStartFailure(dialog, error, logFiles.path, windowLocale());
  app.exit(1);
});
