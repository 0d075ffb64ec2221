/** Fault injection: seeded and repeatable, by route prefix, on the API server and the upload host. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_KEY, CLIENT_SECRET, advanceClock, extras, getConsentPage, authorizeParams, newVerifier, initFileUpload, inspect, putChunk, signIn, startTestSandbox, statusOf, tokenRequest, type Sandbox, type TokenSet } from '../../support/sandbox-client.js';

let sandbox: Sandbox;
let tokens: TokenSet;

beforeAll(async () => {
  sandbox = await startTestSandbox({ limits: { status_per_minute: 10_000, init_per_minute: 10_000, pending_shares_per_24h: 1000 } }, { seed: 7 });
  tokens = await signIn(sandbox);
});
afterAll(async () => {
  await sandbox.close();
});

const setChaos = async (rules: unknown[], seed?: number) => {
  const res = await extras(sandbox, `/sandbox/chaos${seed === undefined ? '' : `?seed=${seed}`}`, 'PUT', rules);
  expect(res.status).toBe(200);
  return res;
};

async function statusSequence(n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await statusOf(sandbox, tokens.access_token, 'v_inbox_file~v2.0')).status);
  return out;
}

describe('chaos', () => {
  it('is deterministic: the same rules and seed give the same faults, another seed others', async () => {
    const rules = [{ route: 'POST /v2/post/publish/status/', probability: 0.5, status: 503 }];
    await setChaos(rules);
    const first = await statusSequence(24);
    await setChaos(rules);
    const second = await statusSequence(24);
    expect(second).toEqual(first);
    expect(first).toContain(503);
    expect(first).toContain(404);
    await setChaos(rules, 12_345);
    expect(await statusSequence(24)).not.toEqual(first);
    await setChaos([]);
  });

  it('an injected status is a shape B error with a log_id on platform routes, shape A on token routes', async () => {
    await setChaos([{ route: '* /v2/', probability: 1, status: 500 }]);
    const b = await statusOf(sandbox, tokens.access_token, 'x');
    expect(b.status).toBe(500);
    expect(b.error).toMatchObject({ code: 'internal_error', log_id: expect.any(String) });
    const a = await tokenRequest(sandbox, { client_key: CLIENT_KEY, client_secret: CLIENT_SECRET, grant_type: 'client_credentials' });
    expect(a.status).toBe(500);
    expect(a.body).toMatchObject({ error: 'internal_error', log_id: expect.any(String) });
    await setChaos([{ route: 'POST /v2/post/', probability: 1, status: 429 }]);
    const limited = await statusOf(sandbox, tokens.access_token, 'x');
    expect(limited.status).toBe(429);
    expect(limited.error.code).toBe('rate_limit_exceeded');
    await setChaos([]);
  });

  it('only matches its method and path prefix', async () => {
    await setChaos([{ route: 'GET /v2/post/', probability: 1, status: 500 }, { route: 'POST /v2/oauth/revoke/', probability: 1, status: 500 }]);
    expect((await statusOf(sandbox, tokens.access_token, 'x')).status).toBe(404);
    const page = await getConsentPage(sandbox, { ...authorizeParams(newVerifier()) });
    expect(page.status).toBe(200);
    await setChaos([]);
  });

  it('adds latency, in the virtual clock\'s time: the answer waits until the clock has moved past it', async () => {
    // A minute of latency: the test would time out in real time, so only advancing the clock can release it.
    await setChaos([{ route: 'POST /v2/post/publish/status/fetch/', probability: 1, latency_ms: 60_000 }]);
    let answered = false;
    const delayed = statusOf(sandbox, tokens.access_token, 'x').then((res) => ((answered = true), res));
    await advanceClock(sandbox, 30);
    // Requests the chaos rule does not cover come and go meanwhile.
    expect((await extras(sandbox, '/sandbox/clock')).status).toBe(200);
    expect(answered).toBe(false);
    // Past the minute whether the request reached the sandbox before or after the first advance.
    await advanceClock(sandbox, 120);
    expect((await delayed).status).toBe(404);
    await setChaos([]);
  });

  it('resets the connection on the API server', async () => {
    await setChaos([{ route: 'POST /v2/post/publish/status/fetch/', probability: 1, reset: true }]);
    await expect(statusOf(sandbox, tokens.access_token, 'x')).rejects.toThrow();
    await setChaos([]);
    expect((await statusOf(sandbox, tokens.access_token, 'x')).status).toBe(404);
  });

  it('resets an upload mid-body without keeping any of it; the chunk then goes through', async () => {
    const bytes = Buffer.concat([Buffer.from([0, 0, 0, 8, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]), Buffer.alloc(2 * 1024 * 1024 - 12, 7)]);
    const init = await initFileUpload(sandbox, tokens.access_token, { video_size: bytes.length, chunk_size: bytes.length, total_chunk_count: 1 });
    await setChaos([{ route: 'PUT /upload/', probability: 1, reset: true }]);
    await expect(putChunk(init.data.upload_url, bytes, 0, bytes.length)).rejects.toThrow();
    expect((await inspect(sandbox, init.data.publish_id)).data).toMatchObject({ uploaded_bytes: 0, chunks_received: 0 });
    await setChaos([{ route: 'PUT /upload/', probability: 1, status: 503 }]);
    const refused = await putChunk(init.data.upload_url, bytes, 0, bytes.length);
    expect(refused.status).toBe(503);
    await setChaos([]);
    expect((await putChunk(init.data.upload_url, bytes, 0, bytes.length)).status).toBe(201);
  });

  it('never touches the /sandbox API itself', async () => {
    await setChaos([{ route: '* /', probability: 1, status: 500 }]);
    expect((await extras(sandbox, '/sandbox/clock')).status).toBe(200);
    expect((await extras(sandbox, '/sandbox/chaos')).data).toMatchObject({ seed: 12_345 });
    await setChaos([]);
  });

  it('refuses invalid rules with 400 and keeps the current ones', async () => {
    await setChaos([{ route: 'GET /x', probability: 0.1, latency_ms: 5 }]);
    for (const rules of [{ route: 'GET /x' }, [{ route: 'get /x', probability: 1, status: 500 }], [{ route: 'GET /x', probability: 2, status: 500 }], [{ route: 'GET /x', probability: 1 }], [{ route: 'GET /x', probability: 1, status: 500, reset: true }]]) {
      const res = await extras(sandbox, '/sandbox/chaos', 'PUT', rules);
      expect(res.status, JSON.stringify(rules)).toBe(400);
      expect(res.error.code).toBe('invalid_params');
    }
    expect((await extras<{ rules: unknown[] }>(sandbox, '/sandbox/chaos')).data.rules).toEqual([{ route: 'GET /x', probability: 0.1, latency_ms: 5 }]);
    await setChaos([]);
  });

  it('applies the rules of the config file from the start', async () => {
    const other = await startTestSandbox({ chaos: [{ route: 'GET /v2/auth/authorize/', probability: 1, status: 503 }] });
    try {
      const page = await getConsentPage(other, { ...authorizeParams(newVerifier()) });
      expect(page.status).toBe(503);
    } finally {
      await other.close();
    }
  });
});
