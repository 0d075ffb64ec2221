/**
 * Starting is friendly (issue 17, point 2): `npm start` in a terminal prints readable lines, not
 * JSON records, and says when no browser could be opened, with the address to open. The terminal
 * is a real pseudo-terminal (util-linux `script`), so the app decides as it does for a person:
 * stdout is a TTY. No display here, so no browser can be opened. Ctrl-C is typed into the terminal.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seedEmbeddedBackend } from '../../support/seed-backend.js';
import { openWebSession } from '../../../electron/transports/web-session.js';

const root = resolve(import.meta.dirname, '..', '..', '..');
/** util-linux script: runs a command in a new pseudo-terminal (Linux; the CI machines have it). */
const SCRIPT = '/usr/bin/script';
const dataDir = mkdtempSync(join(tmpdir(), 'dd-start-lines-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Terminal {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** `npm start -- --web --data-dir DIR` in a pseudo-terminal, as typed by a person with no display. */
function startInTerminal(): Terminal {
  const env = { ...process.env };
  for (const name of ['DISPLAY', 'WAYLAND_DISPLAY', 'CI', 'LOG_LEVEL']) delete env[name];
  const child = spawn(SCRIPT, ['-qfec', `npm start -- --web --data-dir '${dataDir}'`, '/dev/null'], { cwd: root, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output.replace(/\r/g, ''), exited: new Promise((done) => child.once('exit', (code) => done(code))) };
}

async function until(what: string, terminal: Terminal, test: (output: string) => boolean): Promise<string> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (test(terminal.output())) return terminal.output();
    if (terminal.child.exitCode !== null) break;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`no ${what} in:\n${terminal.output()}`);
}

/** Ctrl-C typed into the terminal, and the app's exit. */
async function pressCtrlC(terminal: Terminal): Promise<string> {
  terminal.child.stdin!.write('\x03');
  const timer = setTimeout(() => terminal.child.kill('SIGKILL'), 30_000);
  await terminal.exited;
  clearTimeout(timer);
  return terminal.output();
}

/** The built-in platform running, asked through the automation API (its programs' own lines are debug now). */
async function platformRunning(url: string): Promise<void> {
  const { origin, searchParams } = new URL(url);
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const answer = await fetch(`${origin}/api/call/builtinPlatform.status`, { method: 'POST', headers: { Authorization: `Bearer ${searchParams.get('token')}` } }).then((r) => r.json() as Promise<{ ok: boolean; value?: { state: string } }>, () => null);
    if (answer?.value?.state === 'running') return;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error('the built-in platform did not start');
}

const RUNNING = /Draftdeck is running at (http:\/\/127\.0\.0\.1:(\d+)\/\?token=([A-Za-z0-9_-]{43}))\n/;

describe('npm start in a terminal', () => {
  it('prints the address, says no browser could be opened, then only warnings and errors; keeps the token to that address', { timeout: 240_000 }, async () => {
    // A database not yet migrated, so this start applies the migrations and their lines must stay out of the terminal.
    await seedEmbeddedBackend(dataDir, { migrated: false });
    const terminal = startInTerminal();
    const started = await until('"no browser" line', terminal, (text) => text.includes('No browser could be opened'));
    const [, url, , token] = RUNNING.exec(started) ?? [];
    expect(url, started).toBeDefined();
    await platformRunning(url!);
    const output = terminal.output();
    expect(output).toContain(`No browser could be opened (no display). Open ${url} in your browser.\n`);
    // Quiet (issue 28, point 8): no info or debug lines (the programs' ready, migration, request and chunk lines), no bundler report, no JSON record.
    expect(output, output).not.toMatch(/^\d\d:\d\d:\d\d (info|debug)/m);
    expect(output).not.toMatch(/migration applied|sandbox ready|chunk received|Some chunks are larger|PLUGIN_TIMINGS/);
    expect(output.split('\n').filter((line) => line.trimStart().startsWith('{'))).toEqual([]);
    // The token only inside the address the person must open (docs/ARCHITECTURE.md, web host).
    expect(output.split(token!).length - 1).toBe(output.split(url!).length - 1);

    await pressCtrlC(terminal);
    expect(terminal.child.exitCode ?? terminal.child.signalCode).not.toBeNull();
  });

  it('a start on another address says so in the terminal, and why', { timeout: 240_000 }, async () => {
    // The first test's start remembered its port in the data dir; another program takes it now.
    const port = openWebSession(dataDir).lastPort!;
    expect(port).toBeGreaterThan(0);
    const squatter = createServer((socket) => socket.destroy());
    await new Promise<void>((done) => squatter.listen(port, '127.0.0.1', done));
    try {
      const terminal = startInTerminal();
      const output = await until('running line', terminal, (text) => RUNNING.test(text));
      expect(Number(RUNNING.exec(output)![2])).not.toBe(port);
      expect(output).toContain(`The address changed: port ${port}, used last time, is taken by another program. A tab still open on the old address cannot follow; open the address above.\n`);
      await pressCtrlC(terminal);
    } finally {
      await new Promise<void>((done) => squatter.close(() => done()));
    }
  });

  it('piped (not a terminal) and without --json: the address line as before, log records as JSON for whatever reads them', { timeout: 240_000 }, async () => {
    const env = { ...process.env };
    for (const name of ['DISPLAY', 'WAYLAND_DISPLAY', 'CI', 'LOG_LEVEL']) delete env[name];
    const child = spawn(process.execPath, ['scripts/start.mjs', '--web', '--no-open', '--data-dir', dataDir], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise((done) => child.once('exit', done));
    const terminal: Terminal = { child, output: () => stdout, exited: exited as Promise<number | null> };
    const running = await until('running line', terminal, (text) => RUNNING.test(text));
    await platformRunning(RUNNING.exec(running)![1]!);
    child.kill('SIGINT');
    await exited;
    const records = stderr.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { msg: string });
    expect(records.map((record) => record.msg)).toEqual(expect.arrayContaining(['stopping']));
    // The built-in programs' own lines (ready, migrations, requests, chunks) are debug: not at the default level.
    expect(records.map((record) => record.msg)).not.toContain('migration applied');
    expect(stderr).not.toMatch(/^\d\d:\d\d:\d\d info/m);
  });
});
