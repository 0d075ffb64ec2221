/** The messages between the photo worker and the main thread. */
import type { PrepOptions, PrepResult } from './image-prep.js';

export interface PrepJob {
  id: number;
  inputPath: string;
  outputPath: string;
  options: PrepOptions;
}

export interface WorkerAnswer {
  id: number;
  result: PrepResult;
}
