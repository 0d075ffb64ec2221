/**
 * Typed client of the partner backend's Store API (backend/README.md "Store API"): the catalog, orders
 * and entitlements. Every call but the catalog carries the account's user access token as a
 * bearer; the backend knows whose it is because it brokered it. Values in, values out, like the
 * platform client: a failure is a PlatformError whose code a retry policy and a person can act on
 * (an unknown or expired token is `access_token_invalid`, so the caller refreshes and tries once more).
 */
import { z } from 'zod';
import { formatIssues } from '../common/zod-issues.js';
import { OrderStatus } from './wire/orders.js';
import { failed, ok, platformError, retryAfter, type ApiResult, type PlatformError, type RawAnswer } from './errors.js';
import { joinUrl, type HttpSend } from './http.js';

const BackendProduct = z.object({
  id: z.string(),
  name: z.string(),
  price_beans: z.number().int().nonnegative(),
  grants: z.record(z.string(), z.number().int()),
  image_url: z.string().nullish(),
});
export type BackendProduct = z.infer<typeof BackendProduct>;

const BackendOrder = z.object({
  order_id: z.string(),
  trade_order_id: z.string().nullish(),
  product_id: z.string(),
  product_name: z.string(),
  amount: z.number(),
  status: OrderStatus,
  payment_url: z.string().nullish(),
  refunded_amount: z.number().nullish(),
  /** Why the order failed, in words, when it did. */
  failure: z.string().nullish(),
  /** ISO 8601. */
  created_at: z.string().nullish(),
});
export type BackendOrder = z.infer<typeof BackendOrder>;

const Catalog = z.object({ products: z.array(BackendProduct) });
const Orders = z.object({ orders: z.array(BackendOrder) });
const Entitlements = z.object({ open_id: z.string(), items: z.record(z.string(), z.number()) });
export type Entitlements = z.infer<typeof Entitlements>;

/** The backend's error body: `{"error":{"code","message"}}`. */
const ErrorBody = z.object({ error: z.object({ code: z.string().min(1), message: z.string().optional() }) });

export interface StoreApi {
  catalog(baseUrl: string): Promise<ApiResult<BackendProduct[]>>;
  createOrder(baseUrl: string, accessToken: string, productId: string, idempotencyKey: string): Promise<ApiResult<BackendOrder>>;
  order(baseUrl: string, accessToken: string, orderId: string): Promise<ApiResult<BackendOrder>>;
  orders(baseUrl: string, accessToken: string): Promise<ApiResult<BackendOrder[]>>;
  entitlements(baseUrl: string, accessToken: string): Promise<ApiResult<Entitlements>>;
}

export function createStoreApi(http: HttpSend): StoreApi {
  const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });
  return {
    async catalog(baseUrl) {
      const answer = await http({ method: 'GET', url: joinUrl(baseUrl, '/v1/catalog') });
      return answer.ok ? parseAnswer(answer.value, Catalog, (body) => body.products) : answer;
    },
    async createOrder(baseUrl, accessToken, productId, idempotencyKey) {
      const answer = await http({ method: 'POST', url: joinUrl(baseUrl, '/v1/orders'), headers: { ...bearer(accessToken), 'idempotency-key': idempotencyKey }, json: { product_id: productId } });
      return answer.ok ? parseAnswer(answer.value, BackendOrder, (body) => body) : answer;
    },
    async order(baseUrl, accessToken, orderId) {
      const answer = await http({ method: 'GET', url: joinUrl(baseUrl, `/v1/orders/${encodeURIComponent(orderId)}`), headers: bearer(accessToken) });
      return answer.ok ? parseAnswer(answer.value, BackendOrder, (body) => body) : answer;
    },
    async orders(baseUrl, accessToken) {
      const answer = await http({ method: 'GET', url: joinUrl(baseUrl, '/v1/orders'), headers: bearer(accessToken) });
      return answer.ok ? parseAnswer(answer.value, Orders, (body) => body.orders) : answer;
    },
    async entitlements(baseUrl, accessToken) {
      const answer = await http({ method: 'GET', url: joinUrl(baseUrl, '/v1/entitlements'), headers: bearer(accessToken) });
      return answer.ok ? parseAnswer(answer.value, Entitlements, (body) => body) : answer;
    },
  };
}

function parseAnswer<B, T>(answer: RawAnswer, schema: z.ZodType<B>, pick: (body: B) => T): ApiResult<T> {
  const body = parseJson(answer.text);
  if (answer.status < 200 || answer.status > 299) return failed(backendError(answer, body));
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    return failed({ kind: 'http', httpStatus: answer.status, code: 'unexpected_response', message: `The store server's answer had an unexpected shape (${formatIssues(parsed.error, { max: 3, root: 'body' })})`, logId: null });
  }
  return ok(pick(parsed.data));
}

/**
 * A refusal as a value. A 401 is `access_token_invalid` whatever the backend calls it: the token
 * is unknown to the backend (signed in before it brokered) or expired, and a refresh through the
 * broker fixes both.
 */
function backendError(answer: RawAnswer, body: unknown): PlatformError {
  const refusal = ErrorBody.safeParse(body);
  if (!refusal.success) {
    return { kind: 'http', httpStatus: answer.status, code: `http_${answer.status}`, message: `Unexpected answer from the store server: HTTP ${answer.status}`, logId: null, ...retryAfter(answer) };
  }
  const { code, message } = refusal.data.error;
  return platformError({ kind: 'platform', httpStatus: answer.status, code: answer.status === 401 ? 'access_token_invalid' : code, message: message || code, ...retryAfter(answer) });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
