/** Launch options of the Electron app and how it reports that it cannot start. */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../electron/core/result.js';
import { parseLaunchArgs, printReadyLine, showStartFailure } from '../../../../electron/desktop/launch.js';
import { refusal } from '../../../../electron/services/main-words.js';
import { createFakeElectron } from '../../../support/fake-electron/fake-electron.js';

describe('launch options', () => {
  it('reads --data-dir (both spellings) and --json, ignoring web-only options and Chromium switches', () => {
    expect(parseLaunchArgs(['--data-dir', 'scratch', '--json'])).toEqual({ dataDir: resolve('scratch'), json: true });
    expect(parseLaunchArgs(['--data-dir=/tmp/x', '--port', '9', '--no-open', '--no-sandbox', '--enable-logging'])).toEqual({ dataDir: '/tmp/x', json: false });
    expect(parseLaunchArgs([])).toEqual({ dataDir: undefined, json: false });
  });

  it('prints the ready line in web mode\'s shape, and never throws when stdout is gone', () => {
    const lines: string[] = [];
    printReadyLine((line) => lines.push(line));
    expect(lines).toEqual(['{"event":"ready","url":"app://draftdeck/"}\n']);
    expect(() =>
      printReadyLine(() => {
        throw Object.assign(new Error('EBADF'), { code: 'EBADF' });
      }),
    ).not.toThrow();
  });
});

describe('start failure dialog', () => {
  it('shows an AppError as it is, anything else as an unexpected failure, both with the log path', () => {
    const { dialog } = createFakeElectron();
    showStartFailure(dialog, new AppError('already_running', 'Draftdeck is already running'), '/logs/draftdeck.log');
    showStartFailure(dialog, new TypeError('x is undefined'), '/logs/draftdeck.log');
    expect(dialog.errorBoxes).toEqual([
      { title: 'Draftdeck cannot start', content: 'Draftdeck is already running\n\nDetails are in the log: /logs/draftdeck.log' },
      { title: 'Draftdeck cannot start', content: 'Something went wrong while starting: x is undefined\n\nDetails are in the log: /logs/draftdeck.log' },
    ]);
  });

  it('says it in the language the app is set to (or the OS’s): a refusal by its words, the rest in the catalog’s', () => {
    const { dialog } = createFakeElectron();
    showStartFailure(dialog, refusal('already_running', 'start.already_running', { path: '/data', pid: 4242 }), '/logs/draftdeck.log', 'ja');
    showStartFailure(dialog, new TypeError('x is undefined'), '/logs/draftdeck.log', 'es');
    expect(dialog.errorBoxes).toEqual([
      { title: 'Draftdeck を起動できません', content: 'Draftdeck はこのデータフォルダー（/data、プロセス 4242）ですでに実行中です。そのウィンドウを使うか、別の --data-dir で起動してください\n\n詳しくはログをご覧ください：/logs/draftdeck.log' },
      { title: 'Draftdeck no puede iniciarse', content: 'Algo salió mal al iniciar: x is undefined\n\nLos detalles están en el registro: /logs/draftdeck.log' },
    ]);
  });
});
