/**
 * The main thread's side of image preparation: one worker thread (prep-worker.ts), started on
 * first use and again after it dies, that prepares images and reports each as it finishes, so the
 * caller can show progress. Results are values; a worker that dies fails the images it held, with
 * a code, and the next call starts a fresh one.
 */
import { Worker } from 'node:worker_threads';
import type { Logger } from '../../../common/log.js';
import { loadSharp, type PrepOptions, type PrepResult } from './image-prep.js';
import type { PrepJob, WorkerAnswer } from './prep-protocol.js';

/** Where the worker's code is: a bundled .cjs file (Electron), or code that loads the .ts entry through tsx (web mode, tests). */
export type WorkerSource = { file: URL | string } | { code: string };

export interface PrepItem {
  inputPath: string;
  outputPath: string;
}

export interface PrepProgress {
  done: number;
  total: number;
  index: number;
  result: PrepResult;
}

export class PhotoPrep {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, (result: PrepResult) => void>();

  constructor(
    private readonly source: WorkerSource,
    private readonly log?: Logger,
  ) {}

  /** Prepares every item (in the worker), calling `onProgress` as each one finishes. */
  async prepare(items: readonly PrepItem[], options: PrepOptions, onProgress?: (progress: PrepProgress) => void): Promise<PrepResult[]> {
    const worker = await this.ensureWorker();
    let done = 0;
    return Promise.all(
      items.map(
        (item, index) =>
          new Promise<PrepResult>((resolve) => {
            const id = this.nextId++;
            this.pending.set(id, (result) => {
              done++;
              onProgress?.({ done, total: items.length, index, result });
              resolve(result);
            });
            worker.ref();
            worker.postMessage({ id, inputPath: item.inputPath, outputPath: item.outputPath, options } satisfies PrepJob);
          }),
      ),
    );
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private async ensureWorker(): Promise<Worker> {
    if (this.worker) return this.worker;
    // sharp's documentation: load it in the main thread before any worker does, so its shared
    // libraries stay loaded for as long as the process runs.
    await loadSharp();
    const worker = 'code' in this.source ? new Worker(this.source.code, { eval: true }) : new Worker(this.source.file);
    worker.on('message', (answer: WorkerAnswer) => {
      const settle = this.pending.get(answer.id);
      this.pending.delete(answer.id);
      // An idle worker must not keep the process alive (tests, Ctrl-C in web mode).
      if (this.pending.size === 0) worker.unref();
      settle?.(answer.result);
    });
    const lost = (why: string) => {
      if (this.worker === worker) this.worker = undefined;
      this.log?.error({ why }, 'photo worker stopped');
      for (const [id, settle] of this.pending) {
        this.pending.delete(id);
        settle({ ok: false, code: 'prep_failed', params: {}, detail: null });
      }
    };
    worker.on('error', (error) => lost(error.message));
    worker.on('exit', (code) => {
      if (this.pending.size > 0) lost(`exit ${code}`);
      else if (this.worker === worker) this.worker = undefined;
    });
    this.worker = worker;
    return worker;
  }
}

/** The worker when running from source (web mode and tests run TypeScript through tsx). */
export function sourceWorker(): WorkerSource {
  // A worker does not inherit the loader hooks of the thread that starts it: it registers tsx itself.
  const entry = JSON.stringify(new URL('./prep-worker.ts', import.meta.url).href);
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  return { code: `import(${tsx}).then((tsx) => { tsx.register(); return import(${entry}); });` };
}
