/**
 * The app's real upload engine (UploadService, the publish API, the streamed chunk PUT, the
 * journal) in a process of its own, so the benchmark can read its peak memory and kill -9 it.
 * Given a file, it queues it (or, when its data dir already holds the draft, resumes it) and
 * prints one JSON line per acknowledged chunk, then `{"event":"uploaded",...}` (seconds and CPU
 * seconds since it started on the file) and exits.
 *
 * Env: DD_BASE_URL, DD_TOKEN (an access token: env, never argv), DD_FILE, DD_DATA_DIR.
 */
import { writeFile } from 'node:fs/promises';
import { systemClock } from '../../../common/clock.js';
import { createLogger } from '../../../common/log.js';
import { createHttpClient } from '../../../platform-api/http.js';
import { createPublishApi } from '../../../platform-api/publish.js';
import { EventHub } from '../../../electron/transports/event-hub.js';
import { UploadService } from '../../../electron/services/uploads/upload-service.js';
import type { DraftView } from '../../../electron/core/contract/index.js';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const baseUrl = env('DD_BASE_URL');
const token = env('DD_TOKEN');
const hub = new EventHub(0);
const log = createLogger({ name: 'bench-engine', level: 'warn' });
const uploads = new UploadService({
  dataDir: env('DD_DATA_DIR'),
  clock: systemClock,
  hub,
  log,
  tokens: { withAccessToken: (_openId, fn) => fn(token, baseUrl) },
  publish: createPublishApi(createHttpClient({ log })),
  concurrency: () => 1,
  // The benchmark measures bytes, not the platform's status polling.
  pollIntervalMs: 60_000,
});

// Peak RSS should tell what uploading costs, not how much loading TypeScript through tsx did:
// reset the high-water mark (Linux: clear_refs 5) once everything is loaded.
await writeFile('/proc/self/clear_refs', '5').catch(() => undefined);
const started = performance.now();
const cpuAtStart = process.cpuUsage();
let lastChunk = -1;
/** CPU time (user + system, every thread of the process) spent since the clock started. */
const cpuSeconds = () => {
  const used = process.cpuUsage(cpuAtStart);
  return (used.user + used.system) / 1e6;
};
hub.subscribe((batch) => {
  for (const event of batch) {
    if (event.name !== 'drafts.updated') continue;
    const draft: DraftView = event.payload;
    if (draft.nextChunk !== lastChunk) {
      lastChunk = draft.nextChunk;
      process.stdout.write(JSON.stringify({ event: 'chunk', nextChunk: draft.nextChunk, of: draft.totalChunkCount, publishId: draft.publishId }) + '\n');
    }
    if (draft.state === 'failed') {
      process.stderr.write(`draft failed: ${draft.reason}\n`);
      process.exit(1);
    }
    if (draft.state === 'processing' || draft.state === 'inbox') {
      process.stdout.write(JSON.stringify({ event: 'uploaded', seconds: (performance.now() - started) / 1000, cpuSeconds: cpuSeconds(), publishId: draft.publishId }) + '\n');
      process.exit(0);
    }
  }
});

if (uploads.list().length === 0) await uploads.add('sbx-user-ava', [{ filePath: env('DD_FILE'), fileName: 'bench.mp4', mimeType: 'video/mp4', durationMs: null, ownsFile: false }]);
uploads.start();
