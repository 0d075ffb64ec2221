/**
 * With a data dir, orders and webhook deliveries survive a restart: a delivery that was failing
 * when the sandbox stopped resumes on the restored virtual clock and is delivered, and a paid
 * order stays paid (it still cannot be paid twice).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP, advanceClock, extras, signIn, startTestSandbox, tempDir, CLIENT_SECRET, type Sandbox } from '../../../support/sandbox-client.js';
import { createOrder, deliveriesOf, orderAction, orderBody, startReceiver, verifySignature, waitFor, waitForDeliveries, type Receiver } from '../../../support/webhook-receiver.js';

let receiver: Receiver;
let dir: Awaited<ReturnType<typeof tempDir>>;
let config: Record<string, unknown>;

beforeAll(async () => {
  receiver = await startReceiver();
  dir = await tempDir('sbx-payments-');
  config = { apps: [{ ...APP, webhook_url: receiver.url }] };
});
afterAll(async () => {
  await receiver.close();
  await dir.remove();
});

describe('restart with --data-dir', () => {
  it('resumes a pending delivery after a restart and keeps the order paid', async () => {
    let sandbox: Sandbox = await startTestSandbox(config, { dataDir: dir.path });
    let id: string;
    let firstAttemptMs: number;
    try {
      const ava = await signIn(sandbox, { scope: 'user.info.basic' });
      id = await createOrder(sandbox, ava.access_token, orderBody('persist-1'));
      receiver.script(id, [500, 500]);
      expect((await orderAction(sandbox, id, 'pay')).status).toBe(200);
      const [d] = await waitForDeliveries(sandbox, id, 'attempt 1', (list) => list[0]?.attempts.length === 1);
      expect(d!.state).toBe('pending');
      firstAttemptMs = d!.attempts[0]!.at_ms;
      await advanceClock(sandbox, 10);
      await waitForDeliveries(sandbox, id, 'attempt 2', (list) => list[0]?.attempts.length === 2);
    } finally {
      await sandbox.close();
    }

    sandbox = await startTestSandbox(config, { dataDir: dir.path });
    try {
      let [d] = await deliveriesOf(sandbox, id);
      expect(d).toMatchObject({ state: 'pending', attempts: [{ status: 500 }, { status: 500, retry_in_ms: 20_000 }] });
      expect(d!.attempts[0]!.at_ms).toBe(firstAttemptMs);
      // The virtual clock came back where it was (not behind the recorded attempts).
      const clock = await extras<{ now_ms: number }>(sandbox, '/sandbox/clock');
      expect(clock.data.now_ms).toBeGreaterThanOrEqual(d!.attempts[1]!.at_ms);

      await advanceClock(sandbox, 20);
      [d] = await waitForDeliveries(sandbox, id, 'delivered after restart', (list) => list[0]?.state === 'delivered');
      expect(d!.attempts.map((a) => a.status)).toEqual([500, 500, 200]);
      const hooks = await waitFor('3 requests', () => (receiver.about(id).length === 3 ? receiver.about(id) : undefined));
      expect(hooks.every((h) => verifySignature(h.headers['tiktok-signature'], h.raw, CLIENT_SECRET).valid)).toBe(true);

      expect((await extras<{ status: string }>(sandbox, `/sandbox/orders/${id}`)).data.status).toBe('paid');
      expect((await orderAction(sandbox, id, 'pay')).error.code).toBe('order_already_paid');
      // order_id uniqueness survives too.
      const ava = await signIn(sandbox, { scope: 'user.info.basic' });
      expect(await createOrder(sandbox, ava.access_token, orderBody('persist-1'))).toBe(id);
    } finally {
      await sandbox.close();
    }
  });

  it('an attempt in flight when the sandbox stops is not lost: it runs again after the restart', async () => {
    let sandbox: Sandbox = await startTestSandbox(config, { dataDir: dir.path });
    let id: string;
    try {
      const ava = await signIn(sandbox, { scope: 'user.info.basic' });
      id = await createOrder(sandbox, ava.access_token, orderBody('persist-2'));
      receiver.script(id, ['hang']);
      await orderAction(sandbox, id, 'pay');
      await waitFor('the hanging request', () => (receiver.about(id).length === 1 ? true : undefined));
    } finally {
      await sandbox.close();
    }
    sandbox = await startTestSandbox(config, { dataDir: dir.path });
    try {
      // The abandoned attempt was not recorded; the resumed one is attempt 1.
      const [d] = await waitForDeliveries(sandbox, id, 'delivered after restart', (list) => list[0]?.state === 'delivered');
      expect(d!.attempts.map((a) => a.status)).toEqual([200]);
      expect(receiver.about(id).map((h) => h.answered)).toEqual(['hang', 200]);
    } finally {
      await sandbox.close();
    }
  });
});
