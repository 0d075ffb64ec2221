/** The system's folder picker (watch folders) is titled in the window's language, asked each time it opens. */
import { describe, expect, it } from 'vitest';
import type { OpenDialogOptions } from 'electron';
import { createFolderChooser, type OpenDialogApi } from '../../../../electron/desktop/save-dialog.js';
import type { MainLocale } from '../../../../electron/services/main-words.js';

describe('folder picker', () => {
  it('asks with a title in the language the app speaks now, and answers the folder chosen or null', async () => {
    const asked: OpenDialogOptions[] = [];
    let answer = { canceled: false, filePaths: ['/home/ava/Exports'] };
    const dialog = { showOpenDialog: async (options: OpenDialogOptions) => (asked.push(options), answer) } as unknown as OpenDialogApi;
    let locale: MainLocale = 'pt-BR';
    const choose = createFolderChooser(dialog, () => null, () => locale);
    expect(await choose()).toBe('/home/ava/Exports');
    locale = 'ar';
    answer = { canceled: true, filePaths: [] };
    expect(await choose()).toBeNull();
    expect(asked.map((options) => options.title)).toEqual(['Escolha uma pasta para monitorar', 'اختر مجلدًا لمراقبته']);
    expect(asked[0]!.properties).toEqual(['openDirectory', 'createDirectory']);
  });
});
