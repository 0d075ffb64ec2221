/**
 * A delivery is acknowledged only once the ledger holds it (backend/README.md "Webhooks"): a
 * signed event the backend cannot use (another app's) is recorded and answered 200, but when the
 * ledger refuses the row (here a trigger stands in for a full disk) it is answered 5xx, so the
 * platform delivers it again, and recorded then.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buy, CLIENT_KEY, nowSeconds, rawBody, sandboxDeliveries, sandboxOrderAction, setWebhookUrl, signedHeaders, signInThroughBroker, startStack, type Stack } from '../../../support/backend-harness.js';
import { postgresMissing } from '../../../support/backend-db.js';

const missing = postgresMissing();

describe.skipIf(missing !== null && !process.env.CI)('webhook receiver when the ledger cannot write', () => {
  let stack: Stack;
  let db: pg.Client;

  beforeAll(async () => {
    stack = await startStack('postgres');
    await setWebhookUrl(stack.sandbox, null);
    db = new pg.Client({ connectionString: stack.database.databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await stack?.close();
  });

  it('answers 5xx for an unusable event it could not record, and 200 with its row once it can', async () => {
    const token = (await signInThroughBroker(stack.sandbox, stack.backend.baseUrl)).access_token;
    const order = await buy(stack.backend.baseUrl, token, 'sticker_pack');
    await sandboxOrderAction(stack.sandbox, order.trade_order_id!, 'pay');
    const [delivery] = await sandboxDeliveries(stack.sandbox, `?trade_order_id=${order.trade_order_id}`);
    const foreign = rawBody(delivery!).replace(`"client_key":"${CLIENT_KEY}"`, '"client_key":"another_app"');
    const send = () => fetch(stack.backend.webhookUrl, { method: 'POST', headers: signedHeaders(foreign, nowSeconds(stack.sandbox)), body: foreign });
    const rows = async () => (await db.query("select count(*)::int as n from webhook_ledger where outcome = 'wrong_client'")).rows[0].n as number;

    await db.query(`create function refuse_ledger() returns trigger language plpgsql as $$ begin raise exception 'could not extend file: No space left on device'; end $$`);
    await db.query('create trigger refuse_ledger before insert on webhook_ledger for each row execute function refuse_ledger()');
    const refused = await send();
    expect(refused.status).toBeGreaterThanOrEqual(500);
    expect(await rows()).toBe(0);

    await db.query('drop trigger refuse_ledger on webhook_ledger');
    const again = await send();
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, outcome: 'wrong_client' });
    expect(await rows()).toBe(1);
  });
});
