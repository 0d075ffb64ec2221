/** Rate limits, the pending-share limit, scope checks and malformed requests, with the default limits of docs/PLATFORM.md "Limits". */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mp4Bytes } from '../../../support/media-fixtures.js';
import { advanceClock, api, callB, extras, initFileUpload, putChunk, signIn, startTestSandbox, STATUS_FETCH, statusOf, VIDEO_INIT, waitForReceived, type Sandbox } from '../../../support/sandbox-client.js';

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

const smallPlan = { video_size: 1000, chunk_size: 1000, total_chunk_count: 1 };

describe('rate limits per access token', () => {
  it('allows 6 init calls a minute, then 429 rate_limit_exceeded until the minute has passed', async () => {
    const a = await signIn(sandbox, { openId: 'sbx-user-ava' });
    const b = await signIn(sandbox, { openId: 'sbx-user-ben' });
    // Invalid inits count too: the limit is on calls.
    for (let i = 0; i < 6; i++) expect((await initFileUpload(sandbox, a.access_token, { video_size: 0, chunk_size: 0, total_chunk_count: 0 })).status).toBe(400);
    const limited = await initFileUpload(sandbox, a.access_token, smallPlan);
    expect(limited.status).toBe(429);
    expect(limited.error.code).toBe('rate_limit_exceeded');
    expect(limited.error.log_id).toEqual(expect.any(String));
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another token is not affected.
    expect((await initFileUpload(sandbox, b.access_token, smallPlan)).status).toBe(200);
    await advanceClock(sandbox, 61);
    expect((await initFileUpload(sandbox, a.access_token, smallPlan)).status).toBe(200);
  });

  it('allows 30 status calls a minute, then 429', async () => {
    const t = await signIn(sandbox, { openId: 'sbx-user-chen' });
    for (let i = 0; i < 30; i++) expect((await statusOf(sandbox, t.access_token, 'v_inbox_file~v2.0')).status).toBe(404);
    const limited = await statusOf(sandbox, t.access_token, 'v_inbox_file~v2.0');
    expect(limited.status).toBe(429);
    expect(limited.error.code).toBe('rate_limit_exceeded');
    await advanceClock(sandbox, 61);
    expect((await statusOf(sandbox, t.access_token, 'v_inbox_file~v2.0')).status).toBe(404);
  });
});

describe('pending shares', () => {
  it('refuses a 6th pending share in 24 h with 403 spam_risk_too_many_pending_share; 24 h later they are no longer pending', async () => {
    await advanceClock(sandbox, 86_400); // earlier tests' shares are no longer pending
    const t = await signIn(sandbox, { openId: 'sbx-user-ava' });
    const pull = (token: string) => api(sandbox, VIDEO_INIT, token, { source_info: { source: 'PULL_FROM_URL', video_url: `${sandbox.baseUrl}/sandbox/media/sample.mp4?bytes=1000` } });
    for (let i = 0; i < 5; i++) {
      const init = await pull(t.access_token);
      expect(init.status).toBe(200);
      await waitForReceived(sandbox, init.data.publish_id as string);
    }
    const refused = await initFileUpload(sandbox, t.access_token, smallPlan);
    expect(refused.status).toBe(403);
    expect(refused.error.code).toBe('spam_risk_too_many_pending_share');
    expect(refused.error.log_id).toEqual(expect.any(String));
    // The limit is per user, whatever the token: a fresh token of the same user is refused too.
    const again = await signIn(sandbox, { openId: 'sbx-user-ava' });
    expect((await pull(again.access_token)).status).toBe(403);
    // Drafts waiting in the inbox stay pending for 24 h...
    await advanceClock(sandbox, 86_400 - 60);
    expect((await initFileUpload(sandbox, again.access_token, smallPlan)).status).toBe(403);
    // ...and no longer after (the access token is 24 h old too: sign in again).
    await advanceClock(sandbox, 61);
    const later = await signIn(sandbox, { openId: 'sbx-user-ava' });
    expect((await initFileUpload(sandbox, later.access_token, smallPlan)).status).toBe(200);
  });

  it('a posted draft stops being pending at once', async () => {
    await advanceClock(sandbox, 86_400);
    const t = await signIn(sandbox, { openId: 'sbx-user-ben' });
    const inits = [];
    for (let i = 0; i < 5; i++) inits.push((await initFileUpload(sandbox, t.access_token, smallPlan)).data);
    expect((await initFileUpload(sandbox, t.access_token, smallPlan)).status).toBe(403);
    const mp4 = mp4Bytes(1000);
    expect((await putChunk(inits[0]!.upload_url, mp4, 0, 1000)).status).toBe(201);
    await advanceClock(sandbox, 1);
    expect((await extras(sandbox, `/sandbox/publishes/${encodeURIComponent(inits[0]!.publish_id)}/post`, 'POST')).status).toBe(200);
    await advanceClock(sandbox, 61);
    expect((await initFileUpload(sandbox, t.access_token, smallPlan)).status).toBe(200);
  });

  it('a failed share is not pending', async () => {
    await advanceClock(sandbox, 86_400);
    const t = await signIn(sandbox, { openId: 'sbx-user-chen' });
    for (let i = 0; i < 4; i++) expect((await initFileUpload(sandbox, t.access_token, smallPlan)).status).toBe(200);
    const bad = await api(sandbox, VIDEO_INIT, t.access_token, { source_info: { source: 'PULL_FROM_URL', video_url: `${sandbox.baseUrl}/sandbox/media/missing.mp4` } });
    expect(bad.status).toBe(200);
    await waitForReceived(sandbox, bad.data.publish_id as string);
    await advanceClock(sandbox, 61);
    expect((await initFileUpload(sandbox, t.access_token, smallPlan)).status).toBe(200);
  });
});

describe('scopes and tokens', () => {
  it('refuses a token without video.upload with 401 scope_not_authorized', async () => {
    const t = await signIn(sandbox, { scope: 'user.info.basic' });
    const res = await initFileUpload(sandbox, t.access_token, smallPlan);
    expect(res.status).toBe(401);
    expect(res.error.code).toBe('scope_not_authorized');
    expect((await statusOf(sandbox, t.access_token, 'x')).error.code).toBe('scope_not_authorized');
  });

  it('refuses a missing, malformed or unknown bearer token with 401 access_token_invalid', async () => {
    for (const headers of [{}, { Authorization: 'Basic abc' }, { Authorization: 'Bearer act.unknown-token-value' }] as Array<Record<string, string>>) {
      const res = await callB(`${sandbox.baseUrl}${STATUS_FETCH}`, { body: { publish_id: 'x' }, headers });
      expect(res.status).toBe(401);
      expect(res.error.code).toBe('access_token_invalid');
    }
  });
});

describe('malformed requests get 400 invalid_params, never a 500', () => {
  let token: string;
  beforeAll(async () => {
    await advanceClock(sandbox, 86_400);
    token = (await signIn(sandbox, { openId: 'sbx-user-ava' })).access_token;
  });

  it.each([
    ['malformed JSON', '{"source_info": {'],
    ['an array', '[1,2,3]'],
    ['a string', '"hello"'],
    ['null', 'null'],
    ['an empty body', ''],
    ['wrong types', '{"source_info":{"source":"FILE_UPLOAD","video_size":"big","chunk_size":true,"total_chunk_count":null}}'],
    ['non-integer sizes', '{"source_info":{"source":"FILE_UPLOAD","video_size":1000.5,"chunk_size":1000.5,"total_chunk_count":1}}'],
  ])('init with %s', async (_name, rawBody) => {
    await advanceClock(sandbox, 61);
    const res = await callB(`${sandbox.baseUrl}${VIDEO_INIT}`, { token, rawBody });
    expect(res.status).toBe(400);
    expect(res.error.code).toBe('invalid_params');
    expect(res.error.log_id).toEqual(expect.any(String));
  });

  it('an oversize body', async () => {
    const rawBody = JSON.stringify({ publish_id: 'x'.repeat(300 * 1024) });
    const res = await callB(`${sandbox.baseUrl}${STATUS_FETCH}`, { token, rawBody });
    expect(res.status).toBe(400);
    expect(res.error.code).toBe('invalid_params');
    expect(res.error.message).toContain('larger');
  });

  it('a status fetch without publish_id or with a number', async () => {
    for (const body of [{}, { publish_id: 12 }]) {
      const res = await callB(`${sandbox.baseUrl}${STATUS_FETCH}`, { token, body });
      expect(res.status).toBe(400);
      expect(res.error.message).toContain('publish_id');
    }
  });

  it('an unknown path is 404 and a wrong method 405, both shape B', async () => {
    const missing = await callB(`${sandbox.baseUrl}/v2/post/publish/inbox/video/init`, { token, body: {} });
    expect(missing.status).toBe(404);
    const wrong = await callB(`${sandbox.baseUrl}${VIDEO_INIT}`, { token, method: 'GET' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
  });

  it('a foreign Host header is refused (DNS rebinding)', async () => {
    const { rawRequest } = await import('../../../support/raw-http.js');
    const res = await rawRequest(`${sandbox.baseUrl}/sandbox/clock`, { headers: { Host: 'attacker.example' } });
    expect(res.status).toBe(421);
  });

  it('the /sandbox API takes JSON only', async () => {
    const res = await fetch(`${sandbox.baseUrl}/sandbox/clock/advance`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '{"seconds":1}' });
    expect(res.status).toBe(415);
    const negative = await extras(sandbox, '/sandbox/clock/advance', 'POST', { seconds: -5 });
    expect(negative.status).toBe(400);
  });
});
