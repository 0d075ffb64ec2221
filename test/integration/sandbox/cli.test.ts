/** The CLI: one ready line on stdout, then a working sandbox; bad flags and configs are refused with a message. */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../support/sandbox-client.js';

const running: ChildProcess[] = [];

/** `npx tsx sandbox/cli.ts ...` in its own process group, so stopping it reaches npx, tsx and node alike. */
function cli(args: string[]): ChildProcess {
  const child = spawn('npx', ['tsx', 'sandbox/cli.ts', ...args], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  running.push(child);
  return child;
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('close', () => resolve());
    process.kill(-child.pid!, 'SIGTERM');
  });
}

function collect(stream: NodeJS.ReadableStream): { text: () => string } {
  let text = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => (text += chunk));
  return { text: () => text };
}

function exitCode(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('close', (code) => resolve(code)));
}

afterAll(async () => {
  await Promise.all(running.map(stop));
});

describe('npm run sandbox', () => {
  it('prints exactly one ready line with the three URLs, serves on them, and stops on SIGTERM', async () => {
    const child = cli(['--port', '0', '--upload-port', '0']);
    const lines: string[] = [];
    const firstLine = new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).on('line', (line) => {
        lines.push(line);
        if (lines.length === 1) resolve(line);
      });
      child.once('close', (code) => reject(new Error(`cli exited with ${code} before ready`)));
    });
    const ready = JSON.parse(await firstLine) as Record<string, string>;
    expect(Object.keys(ready)).toEqual(['event', 'base_url', 'upload_base_url', 'console_url', 'set_aside']);
    expect(ready.set_aside).toEqual([]); // nothing damaged was moved aside
    expect(ready.event).toBe('ready');
    expect(ready.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(ready.upload_base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(ready.upload_base_url).not.toBe(ready.base_url);
    expect(ready.console_url).toBe(`${ready.base_url}/sandbox/console`);

    const clock = await fetch(`${ready.base_url}/sandbox/clock`);
    expect(clock.status).toBe(200);
    expect((await fetch(ready.console_url!)).status).toBe(200);
    expect((await fetch(`${ready.upload_base_url}/upload/nothing`, { method: 'PUT' })).status).toBe(404);
    expect(lines).toHaveLength(1);

    await stop(child);
    await expect(fetch(`${ready.base_url}/sandbox/clock`)).rejects.toThrow();
  });

  it('refuses a bad config at start with a message naming the field', async () => {
    const dir = await tempDir();
    try {
      const file = join(dir.path, 'config.json');
      await writeFile(file, JSON.stringify({ apps: [{ client_key: 'x', client_secret: 's', name: 'X', redirect_uris: ['http://127.0.0.1:*/cb/'], scopes: ['video.upload'] }], limits: { init_per_minute: 0 } }));
      const child = cli(['--config', file]);
      const stderr = collect(child.stderr!);
      const stdout = collect(child.stdout!);
      expect(await exitCode(child)).toBe(1);
      expect(stderr.text()).toContain('limits.init_per_minute');
      expect(stdout.text()).toBe('');
    } finally {
      await dir.remove();
    }
  });

  it('refuses an unknown flag or a bad port with usage', async () => {
    for (const args of [['--bogus'], ['--port', 'eighty']]) {
      const child = cli(args);
      const stderr = collect(child.stderr!);
      expect(await exitCode(child)).toBe(2);
      expect(stderr.text()).toContain('usage: npm run sandbox');
    }
  });
});
