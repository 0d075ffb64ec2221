/**
 * Crash trials: Draftdeck's web mode uploads several drafts to a standalone sandbox (in a process
 * of its own, with chaos latency on every platform call and chunk) and is killed with SIGKILL at a
 * seeded random moment after `drafts.add` answered — often within its first 100 ms, when publishes
 * are being opened — then started again on the same data dir. In half of the trials the sandbox is
 * killed at the same moment (as the built-in sandbox dies with the app) and restarted on its own
 * ports and data dir, so a publish or chunk it answered but had not saved would be lost.
 *
 * After each kill the queue must finish on its own: every draft in the inbox once, byte-exact.
 * Counted from the sandbox's own records (never from what the app says):
 *   duplicates       publishes that completed beyond the first for the same file
 *   sha_mismatches   drafts whose publish's SHA-256 differs from the file's
 *   failed_drafts    drafts that failed, vanished, or did not reach the inbox in time
 *   resent bytes     body bytes the upload host read beyond the files' sizes (per kill)
 *   over one chunk   drafts whose file was read more than once over, beyond its largest chunk
 * Shared by `npm run bench -- crash` and the short run in the test suite.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PREFERRED_CHUNK, chunkRange, isPlan, planChunks } from '../../electron/services/uploads/chunk-plan.js';
import { mulberry32 } from '../../sandbox/chaos.js';
import { sha256File, writeMp4File } from './media.js';
import { startWebApp, type RunningWebApp } from './web-app.js';
import { webClient } from './web-client.js';
import { CLIENT_KEY, CLIENT_SECRET, MB, listPublishes, setChaos, startSandboxChild, stopChild, type PublishView, type Ready } from './sandbox-session.js';

const OPEN_ID = 'sbx-user-ava';
/** Delays on the platform calls and the chunk PUTs, so kills land while publishes are being opened and chunks stream. */
export const CRASH_CHAOS = [
  { route: '* /v2/', probability: 0.5, latency_ms: 120 },
  { route: 'PUT /upload/', probability: 0.5, latency_ms: 300 },
];

export interface CrashOptions {
  trials: number;
  seed: number;
  /** Sizes of the drafts added in each trial (distinct: a publish is matched to its file by size). */
  fileSizes: number[];
  /** Kill moments are drawn from [0, 100) ms after drafts.add answered with this probability, else from [100, spreadMs). */
  earlyShare: number;
  spreadMs: number;
  /** How long the queue may take to finish after the restart before its unfinished drafts count as failed. */
  settleMs: number;
  log?: (line: string) => void;
}

export interface TrialResult {
  trial: number;
  killAfterMs: number;
  sandboxKilled: boolean;
  /** Drafts not yet delivered when the app came back: the kill landed mid-upload. */
  unfinishedAtRestart: number;
  duplicates: number;
  shaMismatches: number;
  failedDrafts: number;
  resentBytes: number;
  /** Drafts that re-sent more than one chunk (the engine's promise after a crash). */
  resentOverOneChunk: number;
  problems: string[];
}

export interface CrashSummary {
  trials: TrialResult[];
  drafts: number;
  duplicates: number;
  shaMismatches: number;
  failedDrafts: number;
  resentBytesMax: number;
  resentPerKillMb: number;
  resentOverOneChunk: number;
  killsMidUpload: number;
  killsWithSandbox: number;
}

interface SourceFile {
  path: string;
  size: number;
  sha256: string;
}

/** A standalone sandbox that can be killed and started again where its upload URLs point. */
class SandboxProcess {
  child: ChildProcess | null = null;
  ready: Ready | null = null;
  constructor(
    private readonly dataDir: string,
    private readonly configPath: string,
  ) {}

  async start(): Promise<Ready> {
    const ports = this.ready ? { port: Number(new URL(this.ready.base_url).port), uploadPort: Number(new URL(this.ready.upload_base_url).port) } : {};
    const started = await startSandboxChild(this.dataDir, { ...ports, configPath: this.configPath });
    this.child = started.child;
    this.ready = started.ready;
    await setChaos(started.ready.base_url, CRASH_CHAOS);
    return started.ready;
  }

  kill(): void {
    this.child?.kill('SIGKILL');
  }

  async exited(): Promise<void> {
    if (this.child) await stopChild(this.child, 'SIGKILL');
  }

  async stop(): Promise<void> {
    if (this.child) await stopChild(this.child);
  }
}

export async function runCrashTrials(options: CrashOptions): Promise<CrashSummary> {
  const log = options.log ?? (() => undefined);
  const work = await mkdtemp(join(tmpdir(), 'dd-crash-'));
  const random = mulberry32(options.seed);
  // The platform's per-user limit of pending shares would stop the second trial: the trials test crashes, not limits.
  const configPath = join(work, 'sandbox.json');
  await writeFile(configPath, JSON.stringify({ limits: { init_per_minute: 600, status_per_minute: 6000, pending_shares_per_24h: 100_000 } }));
  const sandbox = new SandboxProcess(join(work, 'sandbox'), configPath);
  const results: TrialResult[] = [];
  try {
    await sandbox.start();
    const files: SourceFile[] = [];
    for (const [i, size] of options.fileSizes.entries()) {
      const path = join(work, `take-${i + 1}.mp4`);
      await writeMp4File(path, size, 100 + i);
      files.push({ path, size, sha256: await sha256File(path) });
    }
    for (let trial = 1; trial <= options.trials; trial++) {
      const killAfterMs = random() < options.earlyShare ? random() * 100 : 100 + random() * (options.spreadMs - 100);
      const sandboxKilled = random() < 0.5;
      const result = await runTrial({ trial, killAfterMs, sandboxKilled, files, sandbox, work, settleMs: options.settleMs });
      results.push(result);
      log(
        `trial ${trial}: kill after ${killAfterMs.toFixed(0)} ms${sandboxKilled ? ' (sandbox too)' : ''}, ${result.unfinishedAtRestart} unfinished at restart, ` +
          `duplicates ${result.duplicates}, sha mismatches ${result.shaMismatches}, failed ${result.failedDrafts}, resent ${(result.resentBytes / MB).toFixed(1)} MB` +
          (result.problems.length ? `\n  ${result.problems.join('\n  ')}` : ''),
      );
    }
  } finally {
    await sandbox.stop();
    await rm(work, { recursive: true, force: true });
  }
  const sum = (pick: (r: TrialResult) => number) => results.reduce((total, r) => total + pick(r), 0);
  return {
    trials: results,
    drafts: results.length * options.fileSizes.length,
    duplicates: sum((r) => r.duplicates),
    shaMismatches: sum((r) => r.shaMismatches),
    failedDrafts: sum((r) => r.failedDrafts),
    resentBytesMax: Math.max(0, ...results.map((r) => r.resentBytes)),
    resentPerKillMb: results.length === 0 ? 0 : sum((r) => r.resentBytes) / results.length / MB,
    resentOverOneChunk: sum((r) => r.resentOverOneChunk),
    killsMidUpload: results.filter((r) => r.unfinishedAtRestart > 0).length,
    killsWithSandbox: results.filter((r) => r.sandboxKilled).length,
  };
}

interface TrialSetup {
  trial: number;
  killAfterMs: number;
  sandboxKilled: boolean;
  files: SourceFile[];
  sandbox: SandboxProcess;
  work: string;
  settleMs: number;
}

async function runTrial(setup: TrialSetup): Promise<TrialResult> {
  const { sandbox, files } = setup;
  const dataDir = join(setup.work, `app-${setup.trial}`);
  const problems: string[] = [];
  const before = new Set((await listPublishes(sandbox.ready!.base_url)).map((p) => p.publish_id));
  let app: RunningWebApp | null = await startWebApp({ dataDir });
  try {
    let client = webClient(app);
    const ready = sandbox.ready!;
    await client.call('settings.set', {
      profile: { kind: 'custom', name: 'Standalone sandbox', baseUrl: ready.base_url, uploadHost: ready.upload_base_url, authorizeUrl: `${ready.base_url}/v2/auth/authorize/`, clientKey: CLIENT_KEY, secret: { store: 'vault' } },
    });
    await client.call('profile.setClientSecret', { secret: CLIENT_SECRET });
    await client.signIn(OPEN_ID);
    const incoming = [];
    for (const file of files) incoming.push({ source: { kind: 'incoming' as const, fileId: await client.sendFile(file.path) }, name: `take-${file.size}.mp4`, mimeType: 'video/mp4' as const, durationMs: null });

    const added = await client.call('drafts.add', { openId: OPEN_ID, files: incoming });
    await new Promise((resolve) => setTimeout(resolve, setup.killAfterMs));
    app.kill9();
    if (setup.sandboxKilled) sandbox.kill();
    await app.exited;
    app = null;
    if (setup.sandboxKilled) {
      await sandbox.exited();
      await sandbox.start();
    }

    app = await startWebApp({ dataDir });
    client = webClient(app);
    const atRestart = await client.call('drafts.list');
    const unfinishedAtRestart = atRestart.filter((d) => d.state !== 'inbox' && d.state !== 'posted').length;
    const deadline = Date.now() + setup.settleMs;
    let drafts = atRestart;
    while (Date.now() < deadline && drafts.some((d) => d.state !== 'inbox' && d.state !== 'posted' && d.state !== 'failed')) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      drafts = await client.call('drafts.list');
    }

    let failedDrafts = 0;
    let shaMismatches = 0;
    const publishes = (await listPublishes(sandbox.ready!.base_url)).filter((p) => !before.has(p.publish_id));
    for (const [i, draft] of added.entries()) {
      const file = files[i]!;
      const now = drafts.find((d) => d.id === draft.id);
      if (!now) {
        failedDrafts++;
        problems.push(`${file.size} B: the draft is gone after the restart`);
        continue;
      }
      if (now.state !== 'inbox' && now.state !== 'posted') {
        failedDrafts++;
        problems.push(`${file.size} B: ${now.state}${now.failCode ? ` (${now.failCode})` : ''}: ${now.reason ?? ''}`);
        continue;
      }
      const publish = publishes.find((p) => p.publish_id === now.publishId);
      if (publish?.sha256 !== file.sha256) {
        shaMismatches++;
        problems.push(`${file.size} B: publish ${now.publishId} has SHA-256 ${publish?.sha256 ?? 'none'}`);
      }
    }
    const duplicates = countDuplicates(publishes, files, problems);
    // Bytes read beyond one copy of each file that arrived whole (a failed draft's bytes are all waste).
    const delivered = files.filter((file) => publishes.some((p) => p.size === file.size && p.uploaded_bytes === file.size));
    const resentBytes = publishes.reduce((total, p) => total + (p.wire_bytes ?? 0), 0) - delivered.reduce((total, f) => total + f.size, 0);
    const resentOverOneChunk = countOverOneChunk(publishes, files, problems);
    return { trial: setup.trial, killAfterMs: setup.killAfterMs, sandboxKilled: setup.sandboxKilled, unfinishedAtRestart, duplicates, shaMismatches, failedDrafts, resentBytes, resentOverOneChunk, problems };
  } finally {
    await app?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Files whose publishes read more than the file plus its largest chunk (the last, which carries the remainder). */
function countOverOneChunk(publishes: PublishView[], files: SourceFile[], problems: string[]): number {
  let over = 0;
  for (const file of files) {
    const plan = planChunks(file.size, PREFERRED_CHUNK);
    if (!isPlan(plan)) throw new Error(plan.message);
    const last = chunkRange(plan, plan.totalChunkCount - 1);
    const resent = publishes.filter((p) => p.size === file.size).reduce((total, p) => total + (p.wire_bytes ?? 0), 0) - file.size;
    if (resent > last.end - last.start + 1) {
      over++;
      problems.push(`${file.size} B: re-sent ${resent} B, more than one chunk`);
    }
  }
  return over;
}

/** Publishes that received a whole file beyond the first for that file: a draft delivered twice. */
function countDuplicates(publishes: PublishView[], files: SourceFile[], problems: string[]): number {
  let duplicates = 0;
  for (const file of files) {
    const complete = publishes.filter((p) => p.size === file.size && p.uploaded_bytes === file.size);
    if (complete.length > 1) {
      duplicates += complete.length - 1;
      problems.push(`${file.size} B: delivered ${complete.length} times (${complete.map((p) => p.publish_id).join(', ')})`);
    }
  }
  return duplicates;
}
