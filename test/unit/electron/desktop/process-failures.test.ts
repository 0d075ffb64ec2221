/**
 * Failures nothing else catches: the main process's uncaught exceptions and unhandled rejections
 * are logged and said in a dialog (once per message); child processes going away are logged; a
 * quit that hangs ends within the deadline with app.exit.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catchProcessFailures, watchChildProcesses } from '../../../../electron/desktop/process-failures.js';
import { closeBeforeQuit, QUIT_DEADLINE_MS } from '../../../../electron/desktop/quit-deadline.js';
import { memoryLogger } from '../../../support/silent-log.js';
import type { MainLocale } from '../../../../electron/services/main-words.js';
import { createFakeElectron, FakeEmitter, FakeEvent } from '../../../support/fake-electron/fake-electron.js';

describe('process-level failures', () => {
  function setup(locale?: () => MainLocale) {
    const proc = new FakeEmitter();
    const { dialog } = createFakeElectron();
    const { log, lines } = memoryLogger();
    catchProcessFailures(proc, { log, dialog, logFile: '/logs/draftdeck.log', locale });
    return { proc, dialog, lines };
  }

  it('says it in the window’s language, and in English when that cannot be told yet', () => {
    const { proc, dialog } = setup(() => 'ar');
    proc.emit('uncaughtException', new Error('boom'), 'uncaughtException');
    expect(dialog.errorBoxes).toEqual([{ title: 'حدث خطأ في Draftdeck', content: 'boom\n\nيستمر Draftdeck في العمل، لكن إن لم يعمل شيء كما يجب، فأعد تشغيله. التفاصيل في السجل: /logs/draftdeck.log' }]);
    const early = setup(() => {
      throw new ReferenceError('windowLocale is not defined yet');
    });
    early.proc.emit('uncaughtException', new Error('early'), 'uncaughtException');
    expect(early.dialog.errorBoxes[0]!.title).toBe('Something went wrong in Draftdeck');
  });

  it('logs an uncaught exception and says it in a dialog that names the log file', () => {
    const { proc, dialog, lines } = setup();
    proc.emit('uncaughtException', new Error('cannot read properties of undefined'), 'uncaughtException');
    expect(lines.join('')).toContain('uncaught exception in the main process');
    expect(lines.join('')).toContain('cannot read properties of undefined');
    expect(dialog.errorBoxes).toEqual([{ title: 'Something went wrong in Draftdeck', content: expect.stringContaining('cannot read properties of undefined') }]);
    expect(dialog.errorBoxes[0]!.content).toContain('/logs/draftdeck.log');
  });

  it('logs every unhandled rejection, with one dialog per distinct message', () => {
    const { proc, dialog, lines } = setup();
    proc.emit('unhandledRejection', new Error('socket hang up'));
    proc.emit('unhandledRejection', new Error('socket hang up'));
    proc.emit('unhandledRejection', 'a plain string');
    expect(lines.filter((line) => line.includes('unhandled promise rejection'))).toHaveLength(3);
    expect(dialog.errorBoxes.map((box) => box.content.split('\n')[0])).toEqual(['socket hang up', 'a plain string']);
  });
});

describe('child processes going away', () => {
  it('logs which one, why and how often; a clean exit is not an error', () => {
    const app = new FakeEmitter();
    const { log, lines } = memoryLogger();
    watchChildProcesses(app, log);
    app.emit('child-process-gone', new FakeEvent(), { type: 'GPU', reason: 'crashed', exitCode: 139 });
    app.emit('child-process-gone', new FakeEvent(), { type: 'GPU', reason: 'crashed', exitCode: 139 });
    app.emit('child-process-gone', new FakeEvent(), { type: 'Utility', reason: 'killed', exitCode: 9, serviceName: 'Draftdeck sandbox' });
    app.emit('child-process-gone', new FakeEvent(), { type: 'Utility', reason: 'clean-exit', exitCode: 0, name: 'Audio Service' });
    const records = lines.map((line) => JSON.parse(line) as { level: number; msg: string; name: string; times: number; reason: string });
    expect(records.map(({ level, name, reason, times }) => ({ level, name, reason, times }))).toEqual([
      { level: 50, name: 'GPU', reason: 'crashed', times: 1 },
      { level: 50, name: 'GPU', reason: 'crashed', times: 2 },
      { level: 40, name: 'Draftdeck sandbox', reason: 'killed', times: 1 },
      { level: 30, name: 'Audio Service', reason: 'clean-exit', times: 1 },
    ]);
  });
});

describe('quitting', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(close: () => Promise<void>) {
    const { app } = createFakeElectron();
    const { log, lines } = memoryLogger();
    closeBeforeQuit(app, close, log);
    const quit = () => {
      const event = new FakeEvent();
      app.emit('will-quit', event);
      return event.defaultPrevented;
    };
    return { app, lines, quit };
  }

  it('closes the app once, then quits for real', async () => {
    let closes = 0;
    const { app, quit } = setup(async () => void closes++);
    expect(quit()).toBe(true);
    await vi.waitFor(() => expect(app.quitCount).toBe(1));
    expect(quit()).toBe(false);
    expect(closes).toBe(1);
    expect(app.exitCode).toBeNull();
  });

  it('exits after the deadline when closing hangs, and not before', async () => {
    const { app, lines, quit } = setup(() => new Promise<void>(() => {}));
    expect(quit()).toBe(true);
    expect(quit()).toBe(true); // a second quit while closing waits for the same close
    vi.advanceTimersByTime(QUIT_DEADLINE_MS - 1);
    expect(app.exitCode).toBeNull();
    vi.advanceTimersByTime(1);
    expect(app.exitCode).toBe(0);
    expect(lines.join('')).toContain('closing the app took too long');
  });

  it('still quits when closing fails, and says so in the log', async () => {
    const { app, lines, quit } = setup(async () => {
      throw new Error('database is locked');
    });
    quit();
    await vi.waitFor(() => expect(app.quitCount).toBe(1));
    expect(lines.join('')).toContain('database is locked');
    vi.advanceTimersByTime(QUIT_DEADLINE_MS);
    expect(app.exitCode).toBeNull();
  });
});
