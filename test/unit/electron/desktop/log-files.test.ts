/** The Electron app's log files: rotating, size-capped, scrubbed, and never a reason to crash. */
import { chmodSync, closeSync, mkdtempSync, openSync, readdirSync, readlinkSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../../common/log.js';
import { createLogFiles, LOG_FILE_NAME, writeToStderr } from '../../../../electron/desktop/log-files.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'draftdeck-logs-'));
});
afterEach(() => {
  chmodSync(dir, 0o700);
  rmSync(dir, { recursive: true, force: true });
});

const line = (n: number) => `${JSON.stringify({ n, msg: 'x'.repeat(80) })}\n`;

describe('log files', () => {
  it('creates the folder and appends lines to draftdeck.log', () => {
    const files = createLogFiles({ dir: join(dir, 'logs') });
    files.write(line(1));
    files.write(line(2));
    files.close();
    expect(files.path).toBe(join(dir, 'logs', LOG_FILE_NAME));
    expect(readFileSync(files.path, 'utf8')).toBe(line(1) + line(2));
  });

  it('rotates at the size cap and keeps a bounded number of files', () => {
    const files = createLogFiles({ dir, maxBytes: 1000, keep: 3 });
    for (let n = 0; n < 100; n++) files.write(line(n));
    files.close();
    expect(readdirSync(dir).sort()).toEqual(['draftdeck.1.log', 'draftdeck.2.log', 'draftdeck.log']);
    for (const name of readdirSync(dir)) expect(statSync(join(dir, name)).size).toBeLessThanOrEqual(1000);
    // The newest lines are in draftdeck.log, the ones before in .1, in order.
    expect(readFileSync(join(dir, 'draftdeck.log'), 'utf8').trimEnd().split('\n').at(-1)).toBe(line(99).trimEnd());
    const previous = readFileSync(join(dir, 'draftdeck.1.log'), 'utf8').trimEnd().split('\n');
    const current = readFileSync(join(dir, 'draftdeck.log'), 'utf8').trimEnd().split('\n');
    expect(JSON.parse(previous.at(-1)!).n + 1).toBe(JSON.parse(current[0]!).n);
  });

  it('continues an existing file and counts its size', () => {
    writeFileSync(join(dir, LOG_FILE_NAME), 'y'.repeat(950));
    const files = createLogFiles({ dir, maxBytes: 1000 });
    files.write(line(1));
    files.close();
    expect(readFileSync(join(dir, 'draftdeck.1.log'), 'utf8')).toBe('y'.repeat(950));
    expect(readFileSync(join(dir, LOG_FILE_NAME), 'utf8')).toBe(line(1));
  });

  it('never throws when the file cannot be written, drops the line, and retries later', () => {
    let clock = 0;
    const files = createLogFiles({ dir, now: () => clock });
    files.write(line(1));
    // The descriptor goes bad behind its back (EBADF on the next write).
    for (let fd = 3; fd < 200; fd++) {
      try {
        if (readlinkSync(`/proc/self/fd/${fd}`) === files.path) closeSync(fd);
      } catch {
        // not open
      }
    }
    expect(() => files.write(line(2))).not.toThrow();
    expect(files.dropped).toBe(1);
    expect(() => files.write(line(3))).not.toThrow();
    expect(files.dropped).toBe(2); // within the retry delay: dropped without touching the disk
    clock += 10_000;
    files.write(line(4));
    files.close();
    expect(files.dropped).toBe(2);
    expect(readFileSync(files.path, 'utf8')).toBe(line(1) + line(4));
  });

  it('never throws when the folder cannot be created', () => {
    writeFileSync(join(dir, 'not-a-folder'), '');
    const files = createLogFiles({ dir: join(dir, 'not-a-folder', 'logs') });
    expect(() => files.write(line(1))).not.toThrow();
    expect(files.dropped).toBe(1);
  });

  it('writes to stderr without throwing when there is no stderr (EBADF)', () => {
    const fd = openSync(join(dir, 'closed'), 'w');
    closeSync(fd);
    expect(() => writeToStderr('a line\n', fd)).not.toThrow();
  });

  it('keeps secrets out of the file: lines are scrubbed before they are written', () => {
    const files = createLogFiles({ dir });
    const log = createLogger({ name: 'test', destination: files });
    log.info({ access_token: 'act.1234567890abcdef', note: 'refresh with rft.abcdefghijklmnop' }, 'signed in');
    files.close();
    const text = readFileSync(files.path, 'utf8');
    expect(text).toContain('signed in');
    expect(text).not.toContain('act.1234567890abcdef');
    expect(text).not.toContain('rft.abcdefghijklmnop');
  });
});
