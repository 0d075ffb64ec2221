/** A PGlite folder the backend cannot open is moved aside with the time, and a fresh database is made. */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../backend/db/database.js';
import { memoryLogger } from '../../../support/silent-log.js';

describe('backend database: a damaged PGlite folder', () => {
  it('is moved aside as pglite.damaged-<time>, and the backend starts on a fresh, migrated database', { timeout: 120_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'dd-pglite-'));
    try {
      const { log } = memoryLogger();
      const first = await openDatabase({ dataDir, log });
      expect(first.setAside).toBeNull();
      await first.close();
      await writeFile(join(dataDir, 'pglite', 'global', 'pg_control'), 'not a control file');

      const second = await openDatabase({ dataDir, log });
      try {
        expect(second.setAside).toEqual({ file: join(dataDir, 'pglite'), moved_to: expect.stringMatching(/pglite\.damaged-\d{4}-\d\d-\d\dT[\d-]+Z$/) });
        expect((await readdir(dataDir)).filter((name) => name.startsWith('pglite.damaged-'))).toHaveLength(1);
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from orders`.execute(second.db);
        expect(rows).toEqual([{ n: 0 }]);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
