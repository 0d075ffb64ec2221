/**
 * `npm run backend`: one ready line on stdout, a bad config refused at start naming the field,
 * usage errors with exit code 2.
 */
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CATALOG } from '../../../backend/config.js';
import { createTestDatabase, type TestDatabase } from '../../support/backend-db.js';
import { repoRoot, startBackendProcess, stopProcess } from '../../support/backend-harness.js';

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'backend/cli.ts', ...args], { cwd: repoRoot, env: { ...process.env, DATABASE_URL: '' } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

describe('npm run backend', () => {
  let database: TestDatabase;
  let dir: string;
  const config = { platform: { base_url: 'https://open.example.com', client_key: 'key_1', client_secret: 's3cret' }, catalog: SANDBOX_CATALOG, redirect_uris: ['http://127.0.0.1:*/callback/'] };
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    dir = database.dataDir;
  });
  afterAll(async () => {
    await database.drop();
  });

  it('prints one ready line with its URLs and database, and stops on SIGTERM', async () => {
    const { child, baseUrl, webhookUrl } = await startBackendProcess({ config, dataDir: dir });
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(webhookUrl).toBe(`${baseUrl}/v1/webhooks/payments`);
    expect((await fetch(`${baseUrl}/v1/catalog`)).status).toBe(200);
    await stopProcess(child);
    expect(child.exitCode).toBe(0);
  }, 120_000);

  it('listens on --port N, receives webhooks at the configured webhook_path, and names its database', async () => {
    const port = await freePort();
    const { child, baseUrl, webhookUrl, database: kind, readyLine } = await startBackendProcess({ config: { ...config, webhook_path: '/hooks/tiktok-pay' }, dataDir: dir, port });
    try {
      expect(JSON.parse(readyLine)).toEqual({ event: 'ready', base_url: `http://127.0.0.1:${port}`, webhook_url: `http://127.0.0.1:${port}/hooks/tiktok-pay`, database: 'pglite', set_aside: [] });
      expect(baseUrl).toBe(`http://127.0.0.1:${port}`);
      expect(kind).toBe('pglite');
      // The receiver is at the configured path (an unsigned delivery is refused there), not at the default one.
      expect((await fetch(webhookUrl, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).status).toBe(401);
      expect((await fetch(`${baseUrl}/v1/webhooks/payments`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).status).toBe(404);
    } finally {
      await stopProcess(child);
    }
  }, 120_000);

  it('refuses a bad config at start, naming the field', async () => {
    const path = join(dir, 'bad.json');
    await writeFile(path, JSON.stringify({ ...config, catalog: [{ ...SANDBOX_CATALOG[0], price_beans: -5 }] }));
    const result = await run(['--config', path, '--data-dir', dir]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/config\.catalog\[0\]\.price_beans/);
  }, 60_000);

  it('exits 2 with the usage for a missing --config or an unknown flag', async () => {
    expect((await run([])).code).toBe(2);
    const unknown = await run(['--config', 'x.json', '--frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/usage: npm run backend/);
  }, 60_000);
});
