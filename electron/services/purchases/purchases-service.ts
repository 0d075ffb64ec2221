/**
 * The Store, in the main process: the partner backend's catalog, an account's owned items and
 * orders, and buying. The backend decides prices and grants; the platform's payment page only
 * takes the person's decision. Whether an order is paid is what the backend says after it has
 * verified the platform's webhook, so while a payment is under way the app asks the backend
 * every 1.5 s (the spec recommends every 1 to 2 s) and never the payment page. Every call carries
 * the account's access token as a bearer; the renderer sees orders and items only.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from '../../../common/log.js';
import { isHttpsOrLoopback } from '../../../common/url-policy.js';
import type { ApiResult, PlatformError } from '../../../platform-api/errors.js';
import type { BackendOrder, BackendProduct, StoreApi } from '../../../platform-api/backend-store.js';
import { SETTLED_STATUSES, type OrderStatus, type Product, type PurchaseStarted, type StoreAccount, type StoreCatalog, type StoreOrder } from '../../core/contract/index.js';
import type { EventSink } from '../../core/events.js';
import { AppError } from '../../core/result.js';
import { words } from '../../core/contract/index.js';
import { refusal, sayWords } from '../main-words.js';
import type { PlatformRuntime } from '../auth/runtime.js';
import { backoffDelay, DEFAULT_BACKOFF, type BackoffPolicy } from '../../../common/backoff.js';

/** What the Store needs from the accounts service. */
export interface StoreAccounts {
  runtime(): Promise<PlatformRuntime>;
  /** The account of the active profile, when signed in. */
  account(openId: string): object | undefined;
  tokens: { withAccessToken<T>(runtime: PlatformRuntime, openId: string, call: (accessToken: string) => Promise<ApiResult<T>>): Promise<ApiResult<T>> };
}

export interface PurchasesDeps {
  accounts: StoreAccounts;
  api: StoreApi;
  hub: EventSink;
  log: Logger;
  openExternal(url: string): Promise<boolean>;
  /**
   * When the backend says its disk is full: this computer's own disk, if that is the full one (the
   * built-in backend keeps its database in the data dir), as every other channel says it.
   */
  diskFull?(): AppError | null;
  /** How often a payment under way is checked (default STORE_POLL_MS). */
  pollMs?: number;
  /** The waits before asking the backend again after a lost or 5xx answer (default DEFAULT_BACKOFF). */
  backoff?: BackoffPolicy;
  /** How long a payment is watched before the app stops asking (default 30 min); opening the Store resumes it. */
  watchForMs?: number;
}

/** Why a profile whose secret is in the vault has no Store (it has no backend to sell through). */
export const STORE_UNAVAILABLE_FOR_VAULT_PROFILE = words('store.unavailable');

/** How often a payment under way is checked: the spec recommends every 1 to 2 s. */
export const STORE_POLL_MS = 1_500;

/** Attempts at creating one order when no answer came back (same Idempotency-Key, so never two orders). */
const CREATE_ATTEMPTS = 3;
/** Reads of items between two agreeing reads of the orders before the Store is shown as it is (store.orderUpdated corrects it then). */
const CONSISTENT_READ_ATTEMPTS = 5;

export class PurchasesService {
  private readonly watching = new Map<string, { stop: () => void }>();
  private closed = false;

  constructor(private readonly deps: PurchasesDeps) {}

  async catalog(): Promise<StoreCatalog> {
    const runtime = await this.deps.accounts.runtime();
    if (runtime.backendUrl === null) return { available: false, reason: sayWords(STORE_UNAVAILABLE_FOR_VAULT_PROFILE), words: STORE_UNAVAILABLE_FOR_VAULT_PROFILE };
    const answer = await this.deps.api.catalog(runtime.backendUrl);
    if (!answer.ok) throw this.failure(answer.error);
    return { available: true, products: answer.value.map(toProduct) };
  }

  /**
   * What the account owns and its orders, as one consistent view. The backend answers them in two
   * calls, and an order can be fulfilled (its items granted) between them: the orders are read,
   * then the items, then the orders again, and only when both reads of the orders agree (an
   * order's status only moves forward, so nothing changed in between) are the items theirs.
   */
  async account(openId: string): Promise<StoreAccount> {
    const { runtime, backendUrl } = await this.storeOf(openId);
    const call = <T>(ask: (token: string) => Promise<ApiResult<T>>) => this.deps.accounts.tokens.withAccessToken(runtime, openId, ask);
    const readOrders = async () => {
      const orders = await call((token) => this.deps.api.orders(backendUrl, token));
      if (!orders.ok) throw this.failure(orders.error);
      return orders.value.map(toOrder);
    };
    let before = await readOrders();
    for (let attempt = 1; ; attempt++) {
      const items = await call((token) => this.deps.api.entitlements(backendUrl, token));
      if (!items.ok) throw this.failure(items.error);
      const after = await readOrders();
      if (sameOrders(before, after) || attempt === CONSISTENT_READ_ATTEMPTS) {
        if (!sameOrders(before, after)) this.deps.log.warn({ openId }, 'orders kept changing while the Store was read; the next order update corrects it');
        // After a restart (or a watch that gave up) a payment may still be under way: follow it again.
        for (const order of after) if (!isSettled(order.status)) this.watch(runtime, backendUrl, openId, order.orderId);
        return { openId, items: items.value.items, orders: after };
      }
      before = after;
    }
  }

  async buy(openId: string, productId: string): Promise<PurchaseStarted> {
    const { runtime, backendUrl } = await this.storeOf(openId);
    // One key per purchase: a retry after a lost answer gets the same order back, never a second one.
    const key = randomUUID();
    let answer: ApiResult<BackendOrder> | undefined;
    for (let attempt = 1; attempt <= CREATE_ATTEMPTS; attempt++) {
      answer = await this.deps.accounts.tokens.withAccessToken(runtime, openId, (token) => this.deps.api.createOrder(backendUrl, token, productId, key));
      if (answer.ok || !retryable(answer.error) || attempt === CREATE_ATTEMPTS) break;
      await sleep(backoffDelay(attempt, answer.error.retryAfterMs, this.deps.backoff ?? DEFAULT_BACKOFF));
    }
    if (!answer!.ok) throw this.failure(answer!.error);
    const created = answer!.value;
    const paymentUrl = created.payment_url ?? '';
    if (!isHttpsOrLoopback(paymentUrl)) throw refusal('payment_unavailable', 'store.no_payment_page');
    const order = toOrder(created);
    this.deps.log.info({ openId, orderId: order.orderId, productId }, 'order created; payment step opened');
    const openedExternally = await this.deps.openExternal(paymentUrl);
    this.watch(runtime, backendUrl, openId, order.orderId);
    return { order, paymentUrl, openedExternally };
  }

  close(): void {
    this.closed = true;
    for (const watch of this.watching.values()) watch.stop();
    this.watching.clear();
  }

  /** A backend's refusal in words; its full disk is this computer's when this computer's is full. */
  private failure(error: PlatformError): AppError {
    if (error.kind === 'network' || error.kind === 'timeout') this.deps.log.warn({ code: error.code, message: error.message }, 'the store server did not answer');
    return (error.code === 'disk_full' ? this.deps.diskFull?.() : null) ?? storeError(error);
  }

  /** The active profile's backend, for an account that can call it; refused in words otherwise. */
  private async storeOf(openId: string): Promise<{ runtime: PlatformRuntime; backendUrl: string }> {
    const runtime = await this.deps.accounts.runtime();
    if (runtime.backendUrl === null) throw refusal('store_unavailable', STORE_UNAVAILABLE_FOR_VAULT_PROFILE);
    const account = this.deps.accounts.account(openId);
    if (!account) throw refusal('no_account', 'store.sign_in_first');
    return { runtime, backendUrl: runtime.backendUrl };
  }

  /**
   * Asks the backend for an order's status until the payment step is over, telling the renderer
   * each change; when the order is fulfilled, what the account owns is sent too. Transient
   * failures are retried with backoff; a sign-in that no longer works ends the watch.
   */
  private watch(runtime: PlatformRuntime, backendUrl: string, openId: string, orderId: string): void {
    const key = `${runtime.key}\u0000${orderId}`;
    if (this.closed || this.watching.has(key)) return;
    const pollMs = this.deps.pollMs ?? STORE_POLL_MS;
    const until = Date.now() + (this.deps.watchForMs ?? 30 * 60_000);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let last: OrderStatus | null = null;
    let failures = 0;
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      this.watching.delete(key);
    };
    const tick = async () => {
      const answer = await this.deps.accounts.tokens.withAccessToken(runtime, openId, (token) => this.deps.api.order(backendUrl, token, orderId));
      if (stopped) return;
      if (!answer.ok) {
        failures++;
        this.deps.log.warn({ openId, orderId, code: answer.error.code }, 'order status check failed');
        if (!retryable(answer.error)) return stop();
        timer = setTimeout(() => void tick(), Math.max(pollMs, backoffDelay(failures, answer.error.retryAfterMs, this.deps.backoff ?? DEFAULT_BACKOFF)));
        return;
      }
      failures = 0;
      const order = toOrder(answer.value);
      if (order.status !== last) {
        last = order.status;
        this.deps.hub.emit('store.orderUpdated', { openId, order }, `order:${orderId}`);
        if (order.status === 'fulfilled') await this.announceItems(runtime, backendUrl, openId);
      }
      if (isSettled(order.status) || Date.now() >= until) return stop();
      timer = setTimeout(() => void tick(), pollMs);
    };
    this.watching.set(key, { stop });
    void tick();
  }

  private async announceItems(runtime: PlatformRuntime, backendUrl: string, openId: string): Promise<void> {
    const items = await this.deps.accounts.tokens.withAccessToken(runtime, openId, (token) => this.deps.api.entitlements(backendUrl, token));
    if (items.ok) this.deps.hub.emit('store.itemsChanged', { openId, items: items.value.items }, `items:${openId}`);
  }
}

function toProduct(product: BackendProduct): Product {
  return { id: product.id, name: product.name, priceBeans: product.price_beans, grants: product.grants, imageUrl: product.image_url ?? null };
}

function toOrder(order: BackendOrder): StoreOrder {
  return {
    orderId: order.order_id,
    tradeOrderId: order.trade_order_id ?? null,
    productId: order.product_id,
    productName: order.product_name,
    amount: order.amount,
    status: order.status,
    refundedAmount: order.refunded_amount ?? null,
    failure: order.failure ?? null,
    createdAt: toEpochMs(order.created_at),
  };
}

function toEpochMs(value: string | null | undefined): number | null {
  const parsed = value ? Date.parse(value) : NaN;
  return Number.isNaN(parsed) ? null : parsed;
}

const isSettled = (status: OrderStatus) => SETTLED_STATUSES.includes(status);

/** The same orders in the same states (what a grant or a refund changes). */
function sameOrders(a: readonly StoreOrder[], b: readonly StoreOrder[]): boolean {
  const key = (orders: readonly StoreOrder[]) => orders.map((order) => `${order.orderId} ${order.status} ${order.refundedAmount ?? ''}`).join('\n');
  return key(a) === key(b);
}

/** No answer, or the server's own trouble: the same request may be sent again (an order the platform refused may not). */
function retryable(error: PlatformError): boolean {
  if (error.code === 'order_failed') return false;
  return error.kind === 'network' || error.kind === 'timeout' || error.code === 'rate_limit_exceeded' || (error.httpStatus !== null && error.httpStatus >= 500);
}

/** A failure in words a person can act on, keeping the backend's code (what the network said goes to the log, not the window). */
function storeError(error: PlatformError): AppError {
  if (error.code === 'disk_full') return refusal('store_disk_full', 'store.disk_full');
  if (error.kind === 'auth') return new AppError(error.code, error.message, error.words);
  if (error.kind === 'network' || error.kind === 'timeout') return refusal('store_unreachable', 'store.unreachable');
  if (error.code === 'access_token_invalid') return refusal('sign_in_again', 'store.sign_in_again');
  return refusal(error.code, 'store.refused', { detail: error.message });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
