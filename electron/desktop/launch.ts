/**
 * How the Electron app is started and how it says it could not start. `npm start` passes the same
 * options to Electron as to web mode (electron/web.ts): --data-dir DIR and --json (one line,
 * {"event":"ready","url":...}, on stdout once the window is up). Options web mode alone uses
 * (--port, --no-open, --web) and Chromium's own switches are ignored here.
 */
import { writeSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { AppError } from '../core/result.js';
import { words } from '../core/contract/index.js';
import { refusal, sayWords, type MainLocale } from '../services/main-words.js';
import { APP_START_URL } from '../transports/app-origin.js';
import { prepareDataDir } from '../services/data-dir.js';

export interface LaunchArgs {
  dataDir?: string;
  json: boolean;
}

/** `argv` as Electron passes it, without the executable (and without the app folder when unpackaged). */
export function parseLaunchArgs(argv: readonly string[]): LaunchArgs {
  const { values } = parseArgs({
    args: [...argv],
    options: { 'data-dir': { type: 'string' }, json: { type: 'boolean', default: false } },
    strict: false,
    allowPositionals: true,
  });
  const dataDir = values['data-dir'];
  return { dataDir: typeof dataDir === 'string' && dataDir ? resolve(dataDir) : undefined, json: values.json === true };
}

/**
 * Points Electron's userData at an explicit data folder (--data-dir, DRAFTDECK_DATA_DIR), making it
 * first, owner-only as web mode does: Electron's app.setPath throws for a folder that does not exist
 * yet, which a new --data-dir is. Answers why the folder cannot be used (to say in the start-failure
 * dialog once the app is ready), or null.
 */
export function useDataDir(app: { setPath(name: 'userData', path: string): void }, dataDir: string | undefined): AppError | null {
  if (dataDir === undefined) return null;
  try {
    prepareDataDir(dataDir);
    app.setPath('userData', dataDir);
    return null;
  } catch (error) {
    return refusal('data_dir_unusable', 'start.data_dir_unusable', { path: dataDir, detail: error instanceof Error ? error.message : String(error) });
  }
}

/** The one ready line of --json, the same shape as web mode's. Never throws (stdout may be gone). */
export function printReadyLine(write: (line: string) => void = (line) => writeSync(1, line)): void {
  try {
    write(`${JSON.stringify({ event: 'ready', url: APP_START_URL })}\n`);
  } catch {
    // nobody is reading stdout
  }
}

/**
 * Tells the person why the app cannot start, in a dialog (there may be no terminal), before it
 * exits. An AppError's message says what to do; anything else is a bug, and the log has the rest.
 */
export function showStartFailure(dialog: { showErrorBox(title: string, content: string): void }, error: unknown, logFile: string, locale: MainLocale = 'en'): void {
  const said = error instanceof AppError ? (error.words ?? null) : words('start.failed', { detail: error instanceof Error ? error.message : String(error) });
  const what = said ? sayWords(said, locale) : (error as AppError).message;
  try {
    dialog.showErrorBox(sayWords(words('start.title'), locale), `${what}\n\n${sayWords(words('start.log', { path: logFile }), locale)}`);
  } catch {
    // no display to show it on; the log has it
  }
}
