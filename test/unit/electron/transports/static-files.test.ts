import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTypeOf, findStaticFile, resolveInside } from '../../../../electron/transports/static-files.js';

describe('resolveInside (both hosts: app:// and web mode)', () => {
  it('keeps paths inside the root', () => {
    expect(resolveInside('/r', '/')).toBe(join('/r', 'index.html'));
    expect(resolveInside('/r', '/assets/a.js')).toBe(join('/r', 'assets', 'a.js'));
    expect(resolveInside('/r', '/..%2f..%2fetc/passwd')).toBeNull();
    expect(resolveInside('/r', '/a/../../x')).toBeNull();
    expect(resolveInside('/r', '/..')).toBeNull();
    expect(resolveInside('/r', '/.')).toBeNull();
    expect(resolveInside('/r', '/a%5c..%5c..%5cx')).toBeNull();
    expect(resolveInside('/r', '/a\\b.js')).toBeNull();
    expect(resolveInside('/r', '/index.html%00.png')).toBeNull();
    expect(resolveInside('/r', '/%zz')).toBeNull();
    expect(resolveInside('/r', '/..foo.js')).toBe(join('/r', '..foo.js'));
    expect(resolveInside('/r/', '/a.js')).toBe(join('/r', 'a.js'));
  });
});

describe('contentTypeOf', () => {
  it('names the renderer\'s file kinds, whatever the case, and anything else as bytes', () => {
    expect(contentTypeOf('/r/index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeOf('/r/assets/app.JS')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeOf('/r/assets/app.css')).toBe('text/css; charset=utf-8');
    expect(contentTypeOf('/r/icon.svg')).toBe('image/svg+xml');
    expect(contentTypeOf('/r/font.woff2')).toBe('font/woff2');
    expect(contentTypeOf('/r/thing.exe')).toBe('application/octet-stream');
    expect(contentTypeOf('/r/README')).toBe('application/octet-stream');
  });
});

describe('findStaticFile', () => {
  let base: string;
  let root: string;
  beforeAll(() => {
    base = mkdtempSync(join(tmpdir(), 'dd-static-'));
    root = join(base, 'renderer');
    mkdirSync(join(root, 'assets'), { recursive: true });
    writeFileSync(join(root, 'index.html'), '<!doctype html>');
    writeFileSync(join(root, 'assets', 'app.js'), 'x');
    writeFileSync(join(base, 'secret.txt'), 'outside');
  });
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('answers the file, the app shell for a route or a folder, and missing for a missing asset', async () => {
    expect(await findStaticFile(root, '/assets/app.js')).toEqual({ kind: 'file', path: join(root, 'assets', 'app.js'), size: 1 });
    expect(await findStaticFile(root, '/')).toEqual({ kind: 'file', path: join(root, 'index.html'), size: 15 });
    expect(await findStaticFile(root, '/queue')).toEqual({ kind: 'file', path: join(root, 'index.html'), size: 15 });
    expect(await findStaticFile(root, '/assets/')).toEqual({ kind: 'file', path: join(root, 'index.html'), size: 15 });
    expect(await findStaticFile(root, '/assets/missing.js')).toEqual({ kind: 'missing', shell: false });
    expect(await findStaticFile(root, '/..%2fsecret.txt')).toEqual({ kind: 'outside' });
    expect(await findStaticFile(join(base, 'not-built'), '/queue')).toEqual({ kind: 'missing', shell: true });
  });
});
