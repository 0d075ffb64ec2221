/**
 * The payment webhook receiver at `webhook_path` (spec op 9). Refuses an encoded body (415), reads the raw body, verifies the
 * signature and the timestamp window before parsing anything (401 otherwise), then applies the
 * event exactly once (apply-event.ts) and answers 200 once that is committed. An unknown order
 * is recorded and answered 200 so the platform stops retrying. Every request, refused or not,
 * gets a ledger row with its outcome.
 *
 * In the sandbox profile the clock is the sandbox's virtual clock: a timestamp outside the window
 * first makes the clock re-read the sandbox's offset (someone may just have advanced it), and is
 * only refused if it is still outside.
 */
import { createHash } from 'node:crypto';
import { unixSeconds } from '../../common/clock.js';
import { readSmallBody } from '../../server-kit/http/body.js';
import type { Reply } from '../../server-kit/http/reply.js';
import type { RequestContext, Route } from '../../server-kit/http/router.js';
import type { BackendContext } from '../context.js';
import { apiError, apiOk } from '../http/answers.js';
import { applyPaymentEvent } from './apply-event.js';
import { eventKey, parsePaymentEvent } from './payment-event.js';
import { checkSignature, type SignatureCheck } from './signature.js';

const MAX_WEBHOOK_BODY_BYTES = 64 * 1024;

/** No Content-Encoding, or `identity`: the only bodies this receiver reads. */
const IDENTITY_ENCODING = /^\s*(identity)?\s*$/i;

/** Text from a request, fit for a ledger row: PostgreSQL text holds no NUL, and a log or console no control characters. */
function printable(text: string): string {
  return Array.from(text.slice(0, 128), (char) => (char < ' ' || char === '\u007f' ? '?' : char)).join('');
}

export function webhookRoute(ctx: BackendContext): Route {
  const secret = ctx.config.platform.client_secret;

  const verify = async (header: string | undefined, body: Buffer, arrived: number): Promise<SignatureCheck> => {
    const first = checkSignature(secret, header, body, unixSeconds(ctx.clock));
    if (first.ok || first.reason !== 'stale_timestamp') return first;
    await ctx.resyncClock(arrived);
    return checkSignature(secret, header, body, unixSeconds(ctx.clock));
  };

  const handler = async (rc: RequestContext): Promise<Reply> => {
    const arrived = Date.now();
    const encoding = rc.req.headers['content-encoding'];
    if (encoding !== undefined && !IDENTITY_ENCODING.test(encoding)) {
      // Compressed bytes are not the bytes that were signed: refused before the signature is
      // checked (it would fail as bad_signature, or pass on bytes we never decoded), so the
      // sender sees what to change and retries, and nothing is acknowledged unread.
      await recordUnapplied(ctx, { receivedAt: new Date(ctx.clock.now()), bodySha256: null, outcome: 'unsupported_encoding', detail: `Content-Encoding ${printable(encoding)}`, verified: false }).catch((err: unknown) =>
        rc.log.error({ err }, 'webhook: could not record a delivery in the ledger'),
      );
      ctx.metrics.webhook('unsupported_encoding');
      rc.log.info({ outcome: 'unsupported_encoding' }, 'webhook refused');
      return apiError(415, 'unsupported_encoding', 'send the body unencoded: this receiver does not decode a Content-Encoding');
    }
    const received = await readSmallBody(rc.req, MAX_WEBHOOK_BODY_BYTES);
    if (!received.ok) {
      // Refused unread, but still a delivery the ledger keeps (no body to hash).
      const outcome = received.reason === 'too_large' ? 'body_too_large' : 'body_not_received';
      const declared = rc.req.headers['content-length'];
      await recordUnapplied(ctx, { receivedAt: new Date(ctx.clock.now()), bodySha256: null, outcome, detail: declared ? `Content-Length ${declared.slice(0, 20)}` : null, verified: false }).catch((err: unknown) =>
        rc.log.error({ err }, 'webhook: could not record a delivery in the ledger'),
      );
      ctx.metrics.webhook(outcome);
      rc.log.info({ outcome }, 'webhook refused');
      return apiError(400, 'invalid_request', received.reason === 'too_large' ? 'the body is larger than 64 KB' : 'the body was not received');
    }
    const body = received.body;
    const bodySha256 = createHash('sha256').update(body).digest('hex');
    const header = rc.req.headers['tiktok-signature'];
    const check = await verify(Array.isArray(header) ? header.join(',') : header, body, arrived);
    const receivedAt = new Date(ctx.clock.now());
    const record = (outcome: string, detail: string | null, verified: boolean) =>
      recordUnapplied(ctx, { receivedAt, bodySha256, outcome, detail, verified }).catch((err: unknown) => rc.log.error({ err }, 'webhook: could not record a delivery in the ledger'));

    if (!check.ok) {
      await record(check.reason, check.reason === 'stale_timestamp' ? `t=${check.timestamp}, receiver clock ${unixSeconds(ctx.clock)}` : null, false);
      ctx.metrics.webhook(check.reason);
      rc.log.info({ outcome: check.reason }, 'webhook refused');
      return apiError(401, check.reason, check.reason === 'stale_timestamp' ? 'the signature timestamp is more than 5 minutes from this server’s clock' : 'the Tiktok-Signature header is missing or does not match the body');
    }
    // Signed by the platform but unreadable or not for us: retrying cannot help, so it is recorded
    // and acknowledged, and only once recorded: when the ledger cannot take it (a full disk), the
    // error answers 5xx and the platform delivers it again, as every delivery must be a row.
    const acknowledgeUnusable = async (outcome: string, detail: string): Promise<Reply> => {
      await recordUnapplied(ctx, { receivedAt, bodySha256, outcome, detail, verified: true });
      ctx.metrics.webhook(outcome);
      rc.log.warn({ outcome, detail }, 'webhook not applied');
      return apiOk(200, { received: true, outcome });
    };
    const event = parsePaymentEvent(body);
    if (!event.ok) return acknowledgeUnusable('invalid_event', event.message);
    if (event.value.clientKey !== ctx.config.platform.client_key) return acknowledgeUnusable('wrong_client', `client_key ${printable(event.value.clientKey)}`);

    const result = await applyPaymentEvent(ctx.db, event.value, eventKey(event.value, bodySha256), { receivedAt, bodySha256, handledBy: ctx.instanceId });
    ctx.metrics.webhook(result.outcome);
    rc.log.info({ event: event.value.event, trade_order_id: event.value.tradeOrderId, order_id: event.value.orderId, outcome: result.outcome }, 'webhook applied');
    return apiOk(200, { received: true, outcome: result.outcome });
  };

  return { method: 'POST', path: ctx.config.webhook_path, handler };
}

async function recordUnapplied(ctx: BackendContext, entry: { receivedAt: Date; bodySha256: string | null; outcome: string; detail: string | null; verified: boolean }): Promise<void> {
  await ctx.db
    .insertInto('webhook_ledger')
    .values({
      received_at: entry.receivedAt,
      verified: entry.verified,
      outcome: entry.outcome,
      event: null,
      event_key: null,
      trade_order_id: null,
      order_id: null,
      body_sha256: entry.bodySha256,
      detail: entry.detail,
      handled_by: ctx.instanceId,
    })
    .execute();
}
