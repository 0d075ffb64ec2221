/** Web mode's address across restarts: the token and last port kept in the data dir. */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openWebSession } from '../../../../electron/transports/web-session.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dd-web-session-'));
  dirs.push(dir);
  return dir;
}

describe('web session', () => {
  it('keeps the token and the last port for the next launch, in a file only the owner can read', () => {
    const dataDir = scratch();
    const first = openWebSession(dataDir);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.lastPort).toBeNull();
    first.remember(43210);
    const second = openWebSession(dataDir);
    expect(second.token).toBe(first.token);
    expect(second.lastPort).toBe(43210);
    if (process.platform !== 'win32') expect(statSync(join(dataDir, 'web-session.json')).mode & 0o777).toBe(0o600);
  });

  it('a damaged or foreign file gives a fresh token and no port, rather than a failed start', () => {
    const dataDir = scratch();
    writeFileSync(join(dataDir, 'web-session.json'), JSON.stringify({ token: 'short', port: 'eighty' }));
    const session = openWebSession(dataDir);
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.lastPort).toBeNull();
    expect(JSON.parse(readFileSync(join(dataDir, 'web-session.json'), 'utf8')).token).toBe(session.token);
  });
});
