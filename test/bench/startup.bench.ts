/**
 * startup: how soon web mode is usable, and how soon its built-in platform (the sandbox and the
 * partner backend, programs of their own) answers. Each start runs the README's command without
 * npm's own wrapper (`node scripts/start.mjs --web --json --no-open --data-dir DIR`, the bundles
 * already built), timed from the spawn to the ready line and to `builtinPlatform.status` saying
 * `running`; then it is stopped with SIGTERM. Five starts on a fresh data dir and five restarts on
 * one data dir, alternating with the baseline: a bare Node process that prints a ready line.
 * Figures (medians of 5):
 *   ready_fresh_ms / ready_restart_ms        command → ready line (bar: ≤ 1,000 ms)
 *   platform_fresh_ms / platform_restart_ms  command → the built-in platform running
 *   node_ms                                  baseline: `node -e` to its ready line
 *   ready_ratio                              ready_restart_ms / node_ms
 *   app_peak_rss_mb                          the web-mode process's peak RSS (VmHWM)
 *
 * Run: npm run bench -- startup
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { peakRssMb, percentile, reporter } from './lib/report.js';

const report = reporter('startup');
const root = resolve(import.meta.dirname, '..', '..');
const RUNS = 5;

interface Start {
  readyMs: number;
  platformMs: number;
  rssMb: number;
}

async function startOnce(dataDir: string): Promise<Start> {
  const started = performance.now();
  const child = spawn(process.execPath, [join(root, 'scripts', 'start.mjs'), '--web', '--json', '--no-open', '--data-dir', dataDir], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'], env: { ...process.env, CI: 'true' } });
  try {
    const url = await new Promise<string>((resolveUrl, reject) => {
      createInterface({ input: child.stdout }).once('line', (line) => resolveUrl((JSON.parse(line) as { url: string }).url));
      child.once('exit', (code) => reject(new Error(`web mode exited with ${code} before its ready line`)));
    });
    const readyMs = performance.now() - started;
    const address = new URL(url);
    const token = address.searchParams.get('token')!;
    // Channels without input take no body, as the page calls them.
    const call = async (channel: string) => (await (await fetch(`${address.origin}/api/call/${channel}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })).json()) as { ok: boolean; value?: { state: string; problem: string | null }; error?: { message: string } };
    for (;;) {
      const body = await call('builtinPlatform.status');
      if (!body.ok) throw new Error(`builtinPlatform.status: ${body.error?.message}`);
      if (body.value?.state === 'running') break;
      if (body.value?.state === 'failed') throw new Error(`the built-in platform failed: ${body.value.problem}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    const platformMs = performance.now() - started;
    return { readyMs, platformMs, rssMb: await peakRssMb(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
  }
}

async function bareNode(): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['-e', 'process.stdout.write(JSON.stringify({event:"ready"})+"\\n")'], { stdio: ['ignore', 'pipe', 'ignore'] });
  await new Promise((r) => createInterface({ input: child.stdout }).once('line', r));
  const ms = performance.now() - started;
  await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
  return ms;
}

const median = (values: number[]) => percentile(values, 50);

async function main(): Promise<void> {
  const dirs: string[] = [];
  const fresh: Start[] = [];
  const restart: Start[] = [];
  const node: number[] = [];
  const again = await mkdtemp(join(tmpdir(), 'startup-bench-again-'));
  dirs.push(again);
  try {
    // Warm-up: builds what is stale and fills tsx's cache, so no figure includes a build.
    await startOnce(again);
    for (let i = 0; i < RUNS; i++) {
      const dir = await mkdtemp(join(tmpdir(), 'startup-bench-fresh-'));
      dirs.push(dir);
      fresh.push(await startOnce(dir));
      node.push(await bareNode());
      restart.push(await startOnce(again));
      node.push(await bareNode());
      console.error(`# run ${i + 1}: fresh ${fresh[i]!.readyMs.toFixed(0)} / ${fresh[i]!.platformMs.toFixed(0)} ms, restart ${restart[i]!.readyMs.toFixed(0)} / ${restart[i]!.platformMs.toFixed(0)} ms (ready / platform)`);
    }
  } finally {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }
  report('ready_fresh_ms', Math.round(median(fresh.map((s) => s.readyMs))), 'ms');
  report('ready_restart_ms', Math.round(median(restart.map((s) => s.readyMs))), 'ms');
  report('platform_fresh_ms', Math.round(median(fresh.map((s) => s.platformMs))), 'ms');
  report('platform_restart_ms', Math.round(median(restart.map((s) => s.platformMs))), 'ms');
  report('node_ms', Math.round(median(node)), 'ms');
  report('ready_ratio', median(restart.map((s) => s.readyMs)) / median(node), 'x');
  report('app_peak_rss_mb', Math.round(median([...fresh, ...restart].map((s) => s.rssMb))), 'MB');
}

await main();
