/**
 * Quitting closes the app's services first (uploads record where they stopped, the built-in
 * platform's programs end), once, and never takes longer than QUIT_DEADLINE_MS: a close that hangs
 * would leave a process with no window holding the data folder's lock and the single-instance lock,
 * so the next start would find Draftdeck "already running".
 */
import type { Logger } from '../../common/log.js';

export const QUIT_DEADLINE_MS = 10_000;

export interface QuittingApp {
  on(event: 'will-quit', listener: (event: { preventDefault(): void }) => void): unknown;
  quit(): void;
  exit(code?: number): void;
}

export function closeBeforeQuit(app: QuittingApp, close: () => Promise<void>, log: Logger, deadlineMs = QUIT_DEADLINE_MS): void {
  let closing = false;
  let closed = false;
  app.on('will-quit', (event) => {
    if (closed) return;
    event.preventDefault();
    if (closing) return;
    closing = true;
    const deadline = setTimeout(() => {
      log.error({ deadlineMs }, 'closing the app took too long; exiting without waiting');
      closed = true;
      app.exit(0);
    }, deadlineMs);
    void close()
      .catch((error: unknown) => log.error({ err: error }, 'closing the app failed'))
      .finally(() => {
        clearTimeout(deadline);
        if (closed) return;
        closed = true;
        app.quit();
      });
  });
}
