/**
 * The tables as Kysely sees them (the migrations in migrations.ts create them). The same schema
 * runs on PGlite and on a PostgreSQL server. Timestamps are the backend clock's (the sandbox's
 * virtual clock in the sandbox profile).
 */
import type { ColumnType, Generated } from 'kysely';

export const ORDER_STATUSES = ['created', 'paid', 'fulfilled', 'failed', 'cancelled', 'refunded', 'partially_refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

type Timestamp = ColumnType<Date, Date, Date>;
/** jsonb goes in as JSON text and comes back parsed. */
type Json<T> = ColumnType<T, string, string>;

/** Who each token the broker handed out belongs to, by SHA-256 of the token (never the token). */
export interface TokenOwnersTable {
  token_hash: string;
  kind: 'access' | 'refresh';
  open_id: string;
  expires_at: Timestamp;
  created_at: Timestamp;
  /** When the platform last confirmed this (access) token live; see token-owners.ts. */
  checked_at: Timestamp;
}

export interface OrdersTable {
  order_id: string;
  open_id: string;
  idempotency_key: string;
  product_id: string;
  product_name: string;
  amount: number;
  /** What the order grants, as the catalog said when it was created (item → count). */
  grants: Json<Record<string, number>>;
  refund_rule: string;
  trade_order_id: string | null;
  status: OrderStatus;
  refunded_amount: Generated<number>;
  /** Why a failed order failed, in words. */
  failure: string | null;
  fulfilled_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One row per event identity ever applied: the exactly-once guard. */
export interface ProcessedEventsTable {
  event_key: string;
  event: string;
  trade_order_id: string | null;
  outcome: string;
  processed_at: Timestamp;
}

/** Every webhook request, verified or refused, with what became of it. */
export interface WebhookLedgerTable {
  id: Generated<string>;
  received_at: Timestamp;
  verified: boolean;
  outcome: string;
  event: string | null;
  event_key: string | null;
  trade_order_id: string | null;
  order_id: string | null;
  /** Null when the body was never read (over 64 KB, or cut off). */
  body_sha256: string | null;
  detail: string | null;
  /** Which backend process handled it (several may share one database). */
  handled_by: string;
}

export interface Database {
  token_owners: TokenOwnersTable;
  orders: OrdersTable;
  processed_events: ProcessedEventsTable;
  webhook_ledger: WebhookLedgerTable;
}
