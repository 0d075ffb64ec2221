/**
 * The backend as its own process, as `npm run backend` starts it (backend/cli.ts), for the
 * multi-process and kill -9 tests and the webhooks benchmark: a config file, the ready line read
 * from stdout, stderr kept for the error when it does not start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { BackendConfigInput } from '../../backend/index.js';

export const repoRoot = resolve(fileURLToPath(import.meta.url), '../../..');

/**
 * The backend as its own process, for the multi-process and kill -9 tests: from source through tsx
 * (`npm run backend`), or with `built`, from its bundle as the app starts it (dist-platform/, which
 * the integration and stress tiers' global setup builds first): the same backend/cli.ts without
 * compiling it at each start (about 1 s of CPU a start here).
 */
export async function startBackendProcess(options: { config: BackendConfigInput; dataDir: string; databaseUrl?: string; port?: number; built?: boolean }): Promise<{ child: ChildProcess; baseUrl: string; webhookUrl: string; database: string; readyLine: string }> {
  const configPath = join(options.dataDir, `config-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(configPath, JSON.stringify(options.config));
  // BACKEND_NODE_ARGS: extra node flags for the backend process, e.g. `--cpu-prof --cpu-prof-dir=DIR` to profile a benchmark.
  const nodeArgs = process.env.BACKEND_NODE_ARGS ? process.env.BACKEND_NODE_ARGS.split(' ').filter(Boolean) : [];
  const program = options.built ? [join(repoRoot, 'dist-platform', 'backend.cjs')] : ['--import', 'tsx', 'backend/cli.ts'];
  const args = [...nodeArgs, ...program, '--config', configPath, '--data-dir', options.dataDir, '--port', String(options.port ?? 0)];
  const env = { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: options.databaseUrl ?? '' };
  const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], env });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-4000)));
  const line = await new Promise<string>((resolveLine, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolveLine);
    child.once('exit', (code) => reject(new Error(`backend exited with ${code} before ready: ${stderr}`)));
  });
  const ready = JSON.parse(line) as { event: string; base_url: string; webhook_url: string; database: string };
  return { child, baseUrl: ready.base_url, webhookUrl: ready.webhook_url, database: ready.database, readyLine: line };
}

export function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise((resolveStop) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolveStop();
    child.once('exit', () => resolveStop());
    child.kill(signal);
  });
}
