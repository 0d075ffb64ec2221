/**
 * crash: kill -9 trials of the app during uploads of several drafts to a standalone sandbox with
 * chaos latency (see lib/crash-trials.ts for what each trial does and how it is counted).
 *   trials, drafts                       how many kills, how many drafts in all
 *   duplicates, sha_mismatches,          each must be 0 (the benchmark fails otherwise)
 *   failed_drafts
 *   resent_bytes_max, resent_per_kill_mb bytes the upload host read beyond the files' sizes: the
 *                                        worst trial and the mean per kill, beside chunk_mb (the
 *                                        engine's chunk; each draft in flight may re-send one)
 *   drafts_resent_over_one_chunk         drafts that re-sent more than one chunk (must be 0)
 *   kills_mid_upload, kills_with_sandbox how many kills found drafts still to deliver, and how
 *                                        many took the sandbox down too
 * Run: npm run bench -- crash (CRASH_TRIALS=N, default 20; CRASH_SEED=N, default 1).
 */
import { reporter } from './lib/report.js';
import { runCrashTrials } from '../support/crash-trials.js';
import { MB } from '../support/sandbox-session.js';
import { PREFERRED_CHUNK } from '../../electron/services/uploads/chunk-plan.js';

const report = reporter('crash');
const trials = Number(process.env.CRASH_TRIALS ?? 20);
const seed = Number(process.env.CRASH_SEED ?? 1);
if (!Number.isInteger(trials) || trials < 1 || !Number.isInteger(seed)) throw new Error('CRASH_TRIALS must be a positive integer and CRASH_SEED an integer');

const summary = await runCrashTrials({
  trials,
  seed,
  fileSizes: [40 * MB + 1, 72 * MB + 3, 130 * MB + 5],
  earlyShare: 0.4,
  spreadMs: 4000,
  settleMs: 180_000,
  log: (line) => console.error(`# ${line}`),
});
report('trials', summary.trials.length, 'count');
report('drafts', summary.drafts, 'count');
report('duplicates', summary.duplicates, 'count');
report('sha_mismatches', summary.shaMismatches, 'count');
report('failed_drafts', summary.failedDrafts, 'count');
report('resent_bytes_max', summary.resentBytesMax, 'bytes');
report('resent_per_kill_mb', summary.resentPerKillMb, 'MB');
report('chunk_mb', PREFERRED_CHUNK / MB, 'MB');
report('drafts_resent_over_one_chunk', summary.resentOverOneChunk, 'count');
report('kills_mid_upload', summary.killsMidUpload, 'count');
report('kills_with_sandbox', summary.killsWithSandbox, 'count');
if (summary.duplicates + summary.shaMismatches + summary.failedDrafts + summary.resentOverOneChunk > 0) process.exitCode = 1;
