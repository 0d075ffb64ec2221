/**
 * AppHost.chooseSavePath in Electron: the system's save dialog, attached to the focused window,
 * for research exports. Only the main process chooses where a file goes; the page never names a path.
 */
import type { BrowserWindow, SaveDialogOptions, SaveDialogReturnValue } from 'electron';

export interface SaveDialogApi {
  showSaveDialog(window: BrowserWindow, options: SaveDialogOptions): Promise<SaveDialogReturnValue>;
  showSaveDialog(options: SaveDialogOptions): Promise<SaveDialogReturnValue>;
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
