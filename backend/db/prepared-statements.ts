/**
 * Server-side prepared statements for the statements every webhook delivery runs. PostgreSQL
 * parses, analyses and plans a statement sent unnamed on every execution; for the webhook's
 * statements (one data-modifying CTE with three parts) that was most of the server's CPU per
 * delivery (pgbench on the same statement: 0.72–0.87 ms of server CPU per transaction unnamed,
 * 0.23 ms prepared). A statement whose text begins with `prepared(name)`'s mark is sent under that
 * name instead: node-postgres parses it once per connection and then only binds and executes it,
 * and PostgreSQL keeps its plan (a generic one once it costs no more than the custom ones).
 *
 * Only marked statements, and only ones naming their result columns: a prepared `select *` or
 * `returning *` fails ("cached plan must not change result type") in a process still running
 * when another one's migration adds a column to its table, as in a rolling deploy. PGlite reads
 * the mark as the comment it is.
 */
import { sql, type PostgresPool, type PostgresPoolClient, type RawBuilder } from 'kysely';
import type { Pool, PoolClient } from 'pg';

const MARK = /^\/\* prepared ([a-z][a-z0-9_]*) \*\//;

/** Put first in a statement's text: `sql\`${prepared('webhook_fulfil')}with …\``. One name, one text. */
export function prepared(name: string): RawBuilder<unknown> {
  if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`prepared statement name ${name}: lower-case letters, digits and _`);
  return sql.raw(`/* prepared ${name} */ `);
}

/** The pool as Kysely's PostgresDialect takes it, sending marked statements under their names. */
export function preparingPool(pool: Pool): PostgresPool {
  // node-postgres refuses another text under a name only on a connection that already prepared
  // the first, so a marked statement whose text varied would fail now and then, on PostgreSQL
  // only; the texts are checked here for the whole pool, so it fails the first time, every time.
  const texts = new Map<string, string>();
  const wrapped = new WeakMap<PoolClient, PostgresPoolClient>();
  const wrap = (client: PoolClient): PostgresPoolClient => {
    let result = wrapped.get(client);
    if (!result) {
      // The pool listens for errors of idle connections only: one the server ends while it is
      // checked out (between a transaction's statements) would emit an error nobody hears, and
      // crash the process. Its next query fails and says why, and the pool drops it on release.
      // A query can also be the one to meet the end (the socket reset, or the server's FATAL).
      let broken = false;
      client.on('error', () => (broken = true));
      const noting = (query: Promise<unknown>) =>
        query.catch((err: unknown) => {
          if (endsConnection(err)) broken = true;
          throw err;
        });
      result = {
        query: ((text: unknown, values?: ReadonlyArray<unknown>) => {
          const name = typeof text === 'string' ? MARK.exec(text)?.[1] : undefined;
          if (name !== undefined) {
            const known = texts.get(name);
            if (known === undefined) texts.set(name, text as string);
            else if (known !== text) return Promise.reject(new Error(`prepared statement ${name} sent with another text: one name, one text (no fragment in it may vary)`));
            return noting(client.query({ name, text: text as string, values: values as unknown[] }));
          }
          return noting((client.query as (text: unknown, values?: unknown) => Promise<unknown>)(text, values));
        }) as PostgresPoolClient['query'],
        release: () => client.release(broken || undefined),
      };
      wrapped.set(client, result);
    }
    return result;
  };
  return {
    connect: async () => wrap(await pool.connect()),
    end: () => pool.end(),
  };
}

/** An error that leaves the connection unusable: not a statement's own (those carry a severity below FATAL). */
function endsConnection(err: unknown): boolean {
  const severity = err && typeof err === 'object' ? (err as { severity?: unknown }).severity : undefined;
  return severity === undefined || severity === 'FATAL' || severity === 'PANIC';
}
