/**
 * Where the Electron app's logs go: app.getPath('logs') (~/Library/Logs/Draftdeck on macOS, inside
 * the user-data folder elsewhere, or DATA_DIR/logs with --data-dir), and opening that folder from
 * Settings → About with shell.openPath.
 */
import { join } from 'node:path';
import type { LogFiles } from './log-files.js';
import { refusal } from '../services/main-words.js';
import type { LogsFolder } from '../services/shell/shell-channels.js';

export interface LogsPathApp {
  setAppLogsPath(path?: string): void;
  getPath(name: 'logs'): string;
}

/** Puts the logs under an explicit data folder, or where Electron keeps them by default; answers the folder. */
export function placeLogs(app: LogsPathApp, dataDir: string | undefined): string {
  // Without an argument Electron picks its default; an explicit undefined is not the same call.
  if (dataDir === undefined) app.setAppLogsPath();
  else app.setAppLogsPath(join(dataDir, 'logs'));
  return app.getPath('logs');
}

export function logsFolder(shell: { openPath(path: string): Promise<string> }, folder: string, files: LogFiles): LogsFolder {
  return {
    folder,
    file: files.path,
    async open() {
      // openPath answers '' on success and an error message otherwise.
      const problem = await shell.openPath(folder);
      if (problem) throw refusal('open_failed', 'logs.open_failed', { detail: problem });
    },
  };
}
