/**
 * The main thread's side of the research rows worker (rows-worker.ts): one worker thread, started
 * on the first ask and ended on close, asked by message for what it holds (a search's view, the
 * rows in view, a sorted window, the per-day sums, an export's text). What it tells on its own
 * (progress, records counted, a quota used up) and the client tokens it asks for go to `events`.
 * A worker that dies fails the asks it held, with a code, and loses its searches; the next ask
 * starts a fresh one.
 */
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Logger } from '../../../common/log.js';
import { platformError, type ApiResult } from '../../../platform-api/errors.js';
import type { SearchView } from '../../core/contract/research.js';
import { AppError } from '../../core/result.js';
import { refusal } from '../main-words.js';
import type { FromWorker, RowsAnswers, RowsAsk, ToWorker } from './rows-protocol.js';

/** Where the worker's code is: a bundled .cjs file (Electron), or code that loads the .ts entry through tsx (web mode, tests). */
export type RowsWorkerSource = { file: URL | string } | { code: string };

/** The bundle's name beside main.cjs (scripts/build-electron.mjs). */
export const ROWS_WORKER_BUNDLE = 'research-rows-worker.cjs';

export interface RowsWorkerEvents {
  progress(view: SearchView): void;
  counted(sessionId: string, records: number): void;
  exhausted(sessionId: string, which: 'requests' | 'records'): void;
  /** A client token for the search's profile (`stale`: the one the platform refused). */
  token(sessionId: string, stale: string | null): Promise<ApiResult<string>>;
  /** The worker stopped: its searches are gone. */
  lost(): void;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export class RowsWorker {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(
    private readonly source: RowsWorkerSource,
    private readonly events: RowsWorkerEvents,
    private readonly log?: Logger,
  ) {}

  get started(): boolean {
    return this.worker !== undefined;
  }

  ask<K extends RowsAsk['kind']>(ask: Extract<RowsAsk, { kind: K }>): Promise<RowsAnswers[K]> {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise<RowsAnswers[K]>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.ref();
      worker.postMessage({ type: 'ask', id, ask } satisfies ToWorker);
    });
  }

  /** Cancels every search in the worker, then ends it. */
  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    try {
      await this.ask({ kind: 'shutdown' });
    } catch {
      // it is ending anyway
    }
    this.worker = undefined;
    await worker.terminate();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = 'code' in this.source ? new Worker(this.source.code, { eval: true }) : new Worker(this.source.file);
    worker.on('message', (message: FromWorker) => this.received(worker, message));
    const lost = (why: string) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.log?.error({ why }, 'research rows worker stopped');
      for (const [id, pending] of this.pending) {
        this.pending.delete(id);
        pending.reject(refusal('research_unavailable', 'research.stopped_unexpectedly'));
      }
      this.events.lost();
    };
    worker.on('error', (error) => lost(error.message));
    worker.on('exit', (code) => lost(`exit ${code}`));
    // An idle worker must not keep the process alive (tests, Ctrl-C in web mode).
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private received(worker: Worker, message: FromWorker): void {
    switch (message.type) {
      case 'answer': {
        const pending = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (this.pending.size === 0) worker.unref();
        if (!pending) return;
        if (message.ok) pending.resolve(message.value);
        else pending.reject(message.error.code === 'no_search' ? refusal('no_search', 'research.no_search') : new AppError(message.error.code, message.error.message));
        return;
      }
      case 'progress':
        return this.events.progress(message.view);
      case 'counted':
        return this.events.counted(message.sessionId, message.records);
      case 'exhausted':
        return this.events.exhausted(message.sessionId, message.which);
      case 'token':
        void this.events.token(message.sessionId, message.stale).then(
          (result) => worker.postMessage({ type: 'token', id: message.id, result } satisfies ToWorker),
          (error: unknown) => worker.postMessage({ type: 'token', id: message.id, result: { ok: false, error: platformError({ kind: 'auth', code: 'client_token_failed', message: error instanceof Error ? error.message : String(error) }) } } satisfies ToWorker),
        );
    }
  }
}

/**
 * Where the worker is: bundled (Electron runs main.cjs), the bundle beside it; from source (web
 * mode and tests run TypeScript through tsx), code that registers tsx in the worker (a worker does
 * not inherit the loader hooks of the thread that starts it) and imports the .ts entry.
 */
export function defaultRowsWorker(): RowsWorkerSource {
  if (typeof __filename === 'string' && __filename.endsWith('.cjs')) return { file: join(dirname(__filename), ROWS_WORKER_BUNDLE) };
  const entry = JSON.stringify(new URL('./rows-worker.ts', import.meta.url).href);
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  return { code: `import(${tsx}).then((tsx) => { tsx.register(); return import(${entry}); });` };
}
