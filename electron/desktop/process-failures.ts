/**
 * Failures of the main process that nothing else catches, and other processes of the app going
 * away. Each is written to the log file (a packaged app has no console) and, where the person
 * would otherwise see nothing happen, said in a dialog.
 *
 * An uncaught exception does not end the process here: Electron's own default is the same (a
 * dialog, then carry on), and uploads record where they stopped only when the app closes.
 */
import type { Logger } from '../../common/log.js';
import { words } from '../core/contract/index.js';
import { sayWords, type MainLocale } from '../services/main-words.js';

/** The part of Node's `process` used here. */
export interface ProcessEvents {
  on(event: 'uncaughtException', listener: (error: Error, origin: string) => void): unknown;
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
}

export interface ErrorDialog {
  showErrorBox(title: string, content: string): void;
}

/**
 * Logs every uncaught exception and unhandled rejection and says it in a dialog: one dialog per
 * distinct message, so a failure that repeats on a timer does not bury the window in boxes.
 */
export function catchProcessFailures(proc: ProcessEvents, { log, dialog, logFile, locale = () => 'en' }: { log: Logger; dialog: ErrorDialog; logFile: string; locale?: () => MainLocale }): void {
  const said = new Set<string>();
  const say = (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    if (said.has(message)) return;
    said.add(message);
    try {
      // The window's language; English when the app is too early or too broken to tell.
      const language = ((): MainLocale => {
        try {
          return locale();
        } catch {
          return 'en';
        }
      })();
      const say = (code: string) => sayWords(words(code, { path: logFile }), language);
      dialog.showErrorBox(say('crash.title'), `${message}\n\n${say('crash.keeps_running')}`);
    } catch {
      // no display to show it on; the log has it
    }
  };
  proc.on('uncaughtException', (error, origin) => {
    log.error({ err: error, origin }, 'uncaught exception in the main process');
    say(error);
  });
  proc.on('unhandledRejection', (reason) => {
    log.error({ err: reason }, 'unhandled promise rejection in the main process');
    say(reason);
  });
}

/** What Electron says of a child process that went away (app 'child-process-gone'). */
export interface ChildProcessGone {
  type: string;
  reason: string;
  exitCode: number;
  serviceName?: string;
  name?: string;
}

export interface ChildProcessEvents {
  on(event: 'child-process-gone', listener: (event: unknown, details: ChildProcessGone) => void): unknown;
}

/** The utility processes the built-in platform starts are named so (electron/desktop/utility-launcher.ts). */
export const BUILTIN_PLATFORM_SERVICE_PREFIX = 'Draftdeck ';

/**
 * Every child process of the app that goes away, logged. The built-in platform's programs are
 * started again by their supervisor (services/builtin-platform/builtin-platform.ts), which says so
 * in the window; Chromium's own children (GPU, network service, audio...) are restarted by
 * Chromium, which falls back to software rendering after repeated GPU crashes. What the app adds
 * is the record: which process, why and how often, so a report can be traced.
 */
export function watchChildProcesses(app: ChildProcessEvents, log: Logger): void {
  const gone = new Map<string, number>();
  app.on('child-process-gone', (_event, details) => {
    const which = details.serviceName ?? details.name ?? details.type;
    const times = (gone.get(which) ?? 0) + 1;
    gone.set(which, times);
    const fields = { type: details.type, name: which, reason: details.reason, exitCode: details.exitCode, times };
    if (details.reason === 'clean-exit') log.info(fields, 'a child process exited');
    else if (which.startsWith(BUILTIN_PLATFORM_SERVICE_PREFIX)) log.warn(fields, 'a built-in platform process ended; its supervisor starts it again');
    else log.error(fields, 'a child process went away; Chromium starts it again when it is needed');
  });
}
