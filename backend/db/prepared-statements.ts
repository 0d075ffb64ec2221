/**
 * Server-side prepared statements for the statements every webhook delivery runs. PostgreSQL
 * parses, analyses and plans a statement sent unnamed on every execution; for the webhook's
 * statements (one data-modifying CTE with three parts) that was most of the server's CPU per
 * delivery (pgbench on the same statement: 0.72–0.87 ms of server CPU per transaction unnamed,
 * 0.23 ms prepared). A statement whose text begins with a prepared statement's mark is sent under
 * its name instead: node-postgres parses it once per connection and then only binds and executes
 * it, and PostgreSQL keeps its plan (a generic one once it costs no more than the custom ones).
 *
 * The backend compiles such a statement once too (`preparedStatement`): Kysely would otherwise
 * build and compile the same text from its template on every delivery (about 4% of the backend's
 * CPU per delivery), so the template is compiled on first use with stand-ins for the values, and
 * each run only lines the values up in the order the stand-ins took. PGlite and PostgreSQL compile
 * it to the same text, so one compiled statement serves both.
 *
 * Only marked statements, and only ones naming their result columns: a prepared `select *` or
 * `returning *` fails ("cached plan must not change result type") in a process still running
 * when another one's migration adds a column to its table, as in a rolling deploy. PGlite reads
 * the mark as the comment it is.
 */
import { sql, CompiledQuery, type Kysely, type PostgresPool, type PostgresPoolClient, type RawBuilder } from 'kysely';
import type { Pool, PoolClient } from 'pg';
import type { Database } from './schema.js';

const MARK = /^\/\* prepared ([a-z][a-z0-9_]*) \*\//;

/** A statement of fixed text, prepared under its name on PostgreSQL, run with its values. */
export interface PreparedStatement<Values, Row> {
  readonly name: string;
  run(db: Kysely<Database>, values: Values): Promise<Row[]>;
}

/** Where a value goes in a statement's template, while it is compiled: stands for `values[key]`. */
class Slot {
  constructor(readonly key: string) {}
}

/**
 * `preparedStatement('webhook_fulfil', (v) => sql\`update … where order_id = ${v.orderId}\`)`:
 * the template is called once, with stand-ins for the values, so nothing in its text may depend on
 * them (one name, one text); dates go as ISO text with a `::timestamptz` cast.
 */
export function preparedStatement<Values extends object, Row>(
  name: string,
  template: (values: { readonly [K in keyof Values]: Values[K] }) => RawBuilder<unknown>,
): PreparedStatement<Values, Row> {
  if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`prepared statement name ${name}: lower-case letters, digits and _`);
  let compiled: { text: string; keys: string[] } | undefined;
  const compile = (db: Kysely<Database>) => {
    const standIns = new Proxy({} as { readonly [K in keyof Values]: Values[K] }, { get: (_target, key) => new Slot(String(key)) });
    const query = sql`${sql.raw(`/* prepared ${name} */ `)}${template(standIns)}`.compile(db);
    const keys = query.parameters.map((parameter, i) => {
      if (!(parameter instanceof Slot)) throw new Error(`prepared statement ${name}: parameter ${i + 1} is not one of its values (a value computed in the template would be fixed at its first run)`);
      return parameter.key;
    });
    return { text: query.sql, keys };
  };
  return {
    name,
    async run(db, values) {
      compiled ??= compile(db);
      const parameters = compiled.keys.map((key) => {
        if (!Object.hasOwn(values, key)) throw new Error(`prepared statement ${name}: no value for ${key}`);
        return (values as Record<string, unknown>)[key];
      });
      const { rows } = await db.executeQuery<Row>(CompiledQuery.raw(compiled.text, parameters));
      return rows as Row[];
    },
  };
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
