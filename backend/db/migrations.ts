/**
 * Versioned migrations, applied in name order at start by Kysely's Migrator (which records them
 * in kysely_migration and holds a PostgreSQL advisory lock while it works, so several backend
 * processes starting at once on one server apply each migration exactly once). Never edit a
 * migration that has shipped: add the next one.
 */
import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

const migrations: Record<string, Migration> = {
  '0001_initial': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('token_owners')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('access', 'refresh')`))
        .addColumn('open_id', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('token_owners_open_id').on('token_owners').column('open_id').execute();

      await db.schema
        .createTable('orders')
        .addColumn('order_id', 'text', (c) => c.primaryKey())
        .addColumn('open_id', 'text', (c) => c.notNull())
        .addColumn('idempotency_key', 'text', (c) => c.notNull())
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('product_name', 'text', (c) => c.notNull())
        .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
        .addColumn('grants', 'jsonb', (c) => c.notNull())
        .addColumn('refund_rule', 'text', (c) => c.notNull())
        .addColumn('trade_order_id', 'text', (c) => c.unique())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('refunded_amount', 'integer', (c) => c.notNull().defaultTo(0).check(sql`refunded_amount >= 0`))
        .addColumn('failure', 'text')
        .addColumn('fulfilled_at', 'timestamptz')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        // The same Idempotency-Key from the same account is the same order, whichever process sees it.
        .addUniqueConstraint('orders_idempotency', ['open_id', 'idempotency_key'])
        .execute();
      await db.schema.createIndex('orders_by_account').on('orders').columns(['open_id', 'created_at desc', 'order_id desc']).execute();

      await db.schema
        .createTable('entitlements')
        .addColumn('open_id', 'text', (c) => c.notNull())
        .addColumn('item', 'text', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('entitlements_pk', ['open_id', 'item'])
        .execute();

      await db.schema
        .createTable('processed_events')
        .addColumn('event_key', 'text', (c) => c.primaryKey())
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('trade_order_id', 'text')
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('processed_at', 'timestamptz', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('webhook_ledger')
        .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
        .addColumn('received_at', 'timestamptz', (c) => c.notNull())
        .addColumn('verified', 'boolean', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('event', 'text')
        .addColumn('event_key', 'text')
        .addColumn('trade_order_id', 'text')
        .addColumn('order_id', 'text')
        .addColumn('body_sha256', 'text', (c) => c.notNull())
        .addColumn('detail', 'text')
        .addColumn('handled_by', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('webhook_ledger_trade_order').on('webhook_ledger').column('trade_order_id').execute();
    },
  },
  // A delivery refused before its body was read (over 64 KB, or cut off) is kept in the ledger too,
  // with no body hash to give.
  '0002_ledger_body_optional': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('webhook_ledger').alterColumn('body_sha256', (c) => c.dropNotNull()).execute();
    },
  },
  // An account's items are what its fulfilled orders keep after refunds (orders-store.ts
  // accountItems), derived from the order rows each event already locks and changes. The table kept
  // a running total per (account, item): one hot row that every payment of an account had to lock
  // until its commit, serializing them (the webhooks benchmark spent most of its time waiting on
  // it). Its counts were only ever written from those same order rows, so nothing is lost; the
  // account's orders are read through orders_by_account.
  '0003_items_from_orders': {
    async up(db: Kysely<unknown>) {
      await db.schema.dropTable('entitlements').execute();
    },
  },
  // When each brokered access token was last confirmed live with the platform (token-owners.ts).
  '0004_token_checked_at': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('token_owners').addColumn('checked_at', 'timestamptz').execute();
      await db.updateTable('token_owners' as never).set({ checked_at: sql`created_at` } as never).execute();
      await db.schema.alterTable('token_owners').alterColumn('checked_at', (c) => c.setNotNull()).execute();
    },
  },
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
