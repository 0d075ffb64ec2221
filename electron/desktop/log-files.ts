/**
 * Where the Electron app's log lines go: size-capped, rotating files in the OS's logs folder
 * (app.getPath('logs')), and stderr only when a terminal is there to read it. A packaged app on
 * Windows has no console: writing to fd 2 there fails (EBADF), and pino's own stderr stream turns
 * that into an uncaught error and a main-process error dialog. Nothing here ever throws: a line that
 * cannot be written is dropped, and writing is retried a little later.
 *
 * These are plain destinations for createLogger (common/log.ts), which scrubs every line first.
 */
import { closeSync, mkdirSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { DestinationStream } from 'pino';

export const LOG_FILE_NAME = 'draftdeck.log';
/** 5 MB a file, three files (draftdeck.log, draftdeck.1.log, draftdeck.2.log): at most 15 MB. */
export const LOG_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const LOG_FILES_KEPT = 3;
/** After a failed write, lines are dropped for this long before the file is opened again. */
const RETRY_AFTER_MS = 10_000;

export interface LogFilesOptions {
  dir: string;
  maxBytes?: number;
  keep?: number;
  /** Also write each line to stderr (only when it is a terminal: process.stderr.isTTY). */
  stderr?: boolean;
  now?: () => number;
}

export interface LogFiles extends DestinationStream {
  /** The file being written now. */
  readonly path: string;
  /** Lines that could not be written to the file. */
  readonly dropped: number;
  close(): void;
}

export function createLogFiles({ dir, maxBytes = LOG_FILE_MAX_BYTES, keep: wanted = LOG_FILES_KEPT, stderr = false, now = Date.now }: LogFilesOptions): LogFiles {
  const keep = Math.max(2, wanted); // the file being written and at least one before it
  const path = join(dir, LOG_FILE_NAME);
  const rotated = (index: number) => join(dir, LOG_FILE_NAME.replace(/\.log$/, `.${index}.log`));
  let fd: number | null = null;
  let size = 0;
  let retryAt = 0;
  let dropped = 0;

  const close = () => {
    if (fd === null) return;
    try {
      closeSync(fd);
    } catch {
      // already closed
    }
    fd = null;
  };
  const open = () => {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    fd = openSync(path, 'a', 0o600);
    size = statSync(path).size;
  };
  /** draftdeck.log becomes .1, .1 becomes .2, ...; the oldest beyond `keep` is deleted. */
  const rotate = () => {
    close();
    rmSync(rotated(keep - 1), { force: true });
    for (let index = keep - 2; index >= 1; index--) renameIfThere(rotated(index), rotated(index + 1));
    renameIfThere(path, rotated(1));
  };

  const writeToFile = (line: string) => {
    if (fd === null && now() < retryAt) {
      dropped++;
      return;
    }
    try {
      const bytes = Buffer.byteLength(line);
      if (fd === null) open();
      if (size > 0 && size + bytes > maxBytes) {
        rotate();
        open();
      }
      writeSync(fd!, line);
      size += bytes;
    } catch {
      dropped++;
      close();
      retryAt = now() + RETRY_AFTER_MS;
    }
  };

  return {
    path,
    get dropped() {
      return dropped;
    },
    write(line: string) {
      writeToFile(line);
      if (stderr) writeToStderr(line);
    },
    close,
  };
}

/** stderr without a stream that can emit an uncaught error: a synchronous write, failures ignored. */
export function writeToStderr(line: string, fd = 2): void {
  try {
    writeSync(fd, line);
  } catch {
    // no console (a packaged Windows app) or a closed pipe: the file has the line
  }
}

function renameIfThere(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
