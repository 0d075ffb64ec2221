import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { IncomingFiles } from '../../../../../electron/services/uploads/incoming-files.js';

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'dd-incoming-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('incoming files', () => {
  it('streams a body to a file named by a random id', async () => {
    const incoming = new IncomingFiles(dir);
    const { fileId, size } = await incoming.receive(Readable.from([Buffer.from('abc'), Buffer.from('def')]));
    expect(size).toBe(6);
    expect(readFileSync(await incoming.pathOf(fileId), 'utf8')).toBe('abcdef');
  });

  it('refuses a body over the limit and leaves nothing behind', async () => {
    const incoming = new IncomingFiles(dir);
    await expect(incoming.receive(Readable.from([Buffer.alloc(10)]), { limitBytes: 5 })).rejects.toMatchObject({ code: 'file_too_large' });
    expect(await incoming.sweep(new Set())).toBe(0);
  });

  it('refuses a declared size over the limit before reading or writing anything', async () => {
    const incoming = new IncomingFiles(join(dir, 'never-made'));
    let read = false;
    const body = new Readable({ read: () => void (read = true) });
    await expect(incoming.receive(body, { declaredBytes: 4 * 1024 ** 3 + 1 })).rejects.toMatchObject({ code: 'file_too_large' });
    expect(read).toBe(false);
    expect(existsSync(join(dir, 'never-made'))).toBe(false);
  });

  it('names only files it made: ids are validated, unknown ones refused', async () => {
    const incoming = new IncomingFiles(dir);
    await expect(incoming.pathOf('../../etc/passwd')).rejects.toMatchObject({ code: 'no_such_file' });
    await expect(incoming.pathOf('A'.repeat(24))).rejects.toMatchObject({ code: 'no_such_file' });
  });

  it('sweeps files no draft needs, keeping those that one does', async () => {
    const incoming = new IncomingFiles(dir);
    const kept = await incoming.receive(Readable.from([Buffer.from('kept')]));
    const orphan = await incoming.receive(Readable.from([Buffer.from('orphan')]));
    writeFileSync(join(dir, 'cut-off.part'), 'half');
    expect(await incoming.sweep(new Set([await incoming.pathOf(kept.fileId)]))).toBe(2);
    expect(existsSync(join(dir, kept.fileId))).toBe(true);
    expect(existsSync(join(dir, orphan.fileId))).toBe(false);
  });
});
