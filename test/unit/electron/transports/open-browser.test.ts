/**
 * Why no browser could be opened, in the words the terminal line gives (issue 17, point 2), with
 * real openers: a stand-in xdg-open on PATH that hands the address on, one that finds no browser,
 * none at all, and no display. (start-lines.test.ts checks the terminal line itself.)
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openBrowser } from '../../../../electron/transports/open-browser.js';

const bin = mkdtempSync(join(tmpdir(), 'dd-opener-'));
afterAll(() => rmSync(bin, { recursive: true, force: true }));

/** A PATH holding only a stand-in xdg-open with this body (none when null). */
function pathWith(body: string | null): string {
  const dir = mkdtempSync(join(bin, 'path-'));
  if (body !== null) {
    writeFileSync(join(dir, 'xdg-open'), `#!/bin/sh\n${body}\n`);
    chmodSync(join(dir, 'xdg-open'), 0o755);
  }
  return dir;
}

const URL = 'http://127.0.0.1:41727/?token=abc';

describe.runIf(process.platform === 'linux')('openBrowser on Linux', () => {
  it('hands the address to xdg-open when there is a display', async () => {
    const seen = join(bin, 'seen');
    expect(await openBrowser(URL, { PATH: pathWith(`echo "$1" > '${seen}'`), DISPLAY: ':0' }, 'linux')).toBeNull();
    expect(readFileSync(seen, 'utf8').trim()).toBe(URL);
  });

  it('says xdg-open found no browser when it exits non-zero', async () => {
    expect(await openBrowser(URL, { PATH: pathWith('exit 3'), WAYLAND_DISPLAY: 'wayland-0' }, 'linux')).toBe('xdg-open found no browser');
  });

  it('says xdg-open is not installed when there is none', async () => {
    expect(await openBrowser(URL, { PATH: pathWith(null), DISPLAY: ':0' }, 'linux')).toBe('xdg-open is not installed');
  });

  it('says there is no display without trying, so no text browser starts in the terminal', async () => {
    const tried = join(bin, 'tried');
    expect(await openBrowser(URL, { PATH: pathWith(`touch '${tried}'`) }, 'linux')).toBe('no display');
    expect(() => readFileSync(tried)).toThrow();
  });
});
