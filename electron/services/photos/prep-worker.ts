/**
 * The photo worker's entry (a worker_thread): prepares the images the main thread sends, a few at
 * a time, and answers each with its result. Decoding and encoding happen in libvips' own threads;
 * this thread only keeps the main process's event loop free of the work around them.
 */
import { parentPort } from 'node:worker_threads';
import { prepareImage } from './image-prep.js';
import type { PrepJob, WorkerAnswer } from './prep-protocol.js';

/** Two images at a time keep both cores busy without holding more than two decoded photos. */
const CONCURRENT = 2;
const port = parentPort;
if (!port) throw new Error('prep-worker.ts runs only as a worker thread');

const waiting: PrepJob[] = [];
let running = 0;

function pump(): void {
  while (running < CONCURRENT && waiting.length > 0) {
    const job = waiting.shift()!;
    running++;
    void prepareImage(job.inputPath, job.outputPath, job.options).then((result) => {
      running--;
      port!.postMessage({ id: job.id, result } satisfies WorkerAnswer);
      pump();
    });
  }
}

port.on('message', (job: PrepJob) => {
  waiting.push(job);
  pump();
});
