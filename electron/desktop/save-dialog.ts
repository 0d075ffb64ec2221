/**
 * AppHost.chooseSavePath and AppHost.chooseFolder in Electron: the system's save dialog (research
 * exports) and folder picker (watch folders), attached to the focused window. Only the main
 * process learns the path chosen; the page never names one.
 */
import type { BrowserWindow, OpenDialogOptions, OpenDialogReturnValue, SaveDialogOptions, SaveDialogReturnValue } from 'electron';
import { words } from '../core/contract/index.js';
import { sayWords, type MainLocale } from '../services/main-words.js';

export interface SaveDialogApi {
  showSaveDialog(window: BrowserWindow, options: SaveDialogOptions): Promise<SaveDialogReturnValue>;
  showSaveDialog(options: SaveDialogOptions): Promise<SaveDialogReturnValue>;
}

export interface OpenDialogApi {
  showOpenDialog(window: BrowserWindow, options: OpenDialogOptions): Promise<OpenDialogReturnValue>;
  showOpenDialog(options: OpenDialogOptions): Promise<OpenDialogReturnValue>;
}

/** `locale`: the window's language, asked each time (it can change while the app runs). */
export function createFolderChooser(dialog: OpenDialogApi, focusedWindow: () => BrowserWindow | null, locale: () => MainLocale = () => 'en') {
  return async (): Promise<string | null> => {
    const options: OpenDialogOptions = { title: sayWords(words('watch.picker_title'), locale()), properties: ['openDirectory', 'createDirectory'] };
    const window = focusedWindow();
    const answer = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
    return answer.canceled ? null : (answer.filePaths[0] ?? null);
  };
}

const FILTERS: Record<'csv' | 'ndjson', { name: string; extensions: string[] }> = {
  csv: { name: 'CSV', extensions: ['csv'] },
  ndjson: { name: 'NDJSON', extensions: ['ndjson', 'jsonl'] },
};

export function createSavePathChooser(dialog: SaveDialogApi, focusedWindow: () => BrowserWindow | null) {
  return async (defaultName: string, format: 'csv' | 'ndjson'): Promise<string | null> => {
    const options: SaveDialogOptions = { defaultPath: defaultName, filters: [FILTERS[format]], properties: ['createDirectory', 'showOverwriteConfirmation'] };
    const window = focusedWindow();
    const answer = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
    return answer.canceled || !answer.filePath ? null : answer.filePath;
  };
}
