import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { parseShapeB, retryAfter, shapeAError, type RawAnswer } from '../../../../../platform-api/errors.js';
import { createHttpClient, joinUrl } from '../../../../../platform-api/http.js';
import { parseScopes, parseTokenAnswer, TokenSet } from '../../../../../platform-api/oauth.js';
import { BrokerTokenEndpoint, DirectTokenEndpoint } from '../../../../../electron/services/auth/token-endpoint.js';
import { memoryLogger } from '../../../../support/silent-log.js';

const answer = (status: number, body: unknown, headers: Record<string, string> = {}): RawAnswer => ({ status, headers: new Headers(headers), text: typeof body === 'string' ? body : JSON.stringify(body) });
const TOKENS = { open_id: 'u1', scope: 'user.info.basic,video.upload', access_token: 'act.aaaaaaaaaaaa', expires_in: 86400, refresh_token: 'rft.bbbbbbbbbbbb', refresh_expires_in: 31536000, token_type: 'Bearer' };

describe('platform answers', () => {
  it('reads shape A failures with code, description and log_id', () => {
    expect(shapeAError(answer(400, { error: 'invalid_grant', error_description: 'authorization code has expired', log_id: 'L1' }))).toEqual({ kind: 'platform', httpStatus: 400, code: 'invalid_grant', message: 'authorization code has expired', logId: 'L1' });
    expect(shapeAError(answer(502, '<html>bad gateway</html>'))).toMatchObject({ kind: 'http', code: 'http_502', httpStatus: 502 });
  });

  it('reads a token set, and a shape A body even under HTTP 200', () => {
    expect(parseTokenAnswer(answer(200, TOKENS), TokenSet)).toEqual({ ok: true, value: TOKENS });
    expect(parseTokenAnswer(answer(200, { data: TOKENS }), TokenSet)).toEqual({ ok: true, value: TOKENS });
    expect(parseTokenAnswer(answer(200, { error: 'invalid_request', error_description: 'malformed' }), TokenSet)).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    const odd = parseTokenAnswer(answer(200, { ...TOKENS, expires_in: 'soon' }), TokenSet);
    expect(odd).toMatchObject({ ok: false, error: { kind: 'http', code: 'unexpected_response' } });
    // The message of an unexpected answer never repeats the body (it holds tokens).
    expect(JSON.stringify(odd)).not.toContain('act.aaaa');
  });

  it('reads shape B on success and on failure, with Retry-After', () => {
    const schema = z.object({ publish_id: z.string() });
    expect(parseShapeB(answer(200, { data: { publish_id: 'p1' }, error: { code: 'ok', message: '', log_id: 'L' } }), schema)).toEqual({ ok: true, value: { publish_id: 'p1' } });
    expect(parseShapeB(answer(429, { data: {}, error: { code: 'rate_limit_exceeded', message: 'slow', log_id: 'L2' } }, { 'retry-after': '7' }), schema)).toEqual({
      ok: false,
      error: { kind: 'platform', httpStatus: 429, code: 'rate_limit_exceeded', message: 'slow', logId: 'L2', retryAfterMs: 7000 },
    });
    expect(parseShapeB(answer(401, { data: {}, error: { code: 'access_token_invalid', message: 'expired', log_id: 'L3' } }), schema)).toMatchObject({ ok: false, error: { code: 'access_token_invalid', httpStatus: 401 } });
    expect(parseShapeB(answer(200, 'nope'), schema)).toMatchObject({ ok: false, error: { kind: 'http' } });
    expect(retryAfter({ headers: new Headers({ 'retry-after': new Date(10_000).toUTCString() }) }, 4_000)).toEqual({ retryAfterMs: 6_000 });
  });

  it('joins base URLs with a path prefix and parses scope lists', () => {
    expect(joinUrl('https://h/x/', '/v2/oauth/token/')).toBe('https://h/x/v2/oauth/token/');
    expect(parseScopes('video.upload,user.info.basic, video.upload')).toEqual(['user.info.basic', 'video.upload']);
  });
});

let server: Server | null = null;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = null;
});

async function serve(handler: (req: IncomingMessage, body: string, res: ServerResponse) => void): Promise<string> {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => handler(req, body, res));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

describe('http client', () => {
  it('turns no answer into network and timeout values, and never follows a redirect', async () => {
    const send = createHttpClient();
    const closed = await serve(() => undefined);
    server!.close();
    const refused = await send({ method: 'GET', url: `${closed}/` });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'network', code: 'network_error', message: expect.stringMatching(/ECONNREFUSED/) } });
    const base = await serve((req, _body, res) => {
      if (req.url === '/slow') return setTimeout(() => res.end('{}'), 500);
      res.writeHead(307, { location: 'http://127.0.0.1:1/elsewhere' }).end();
    });
    await expect(send({ method: 'GET', url: `${base}/slow`, timeoutMs: 50 })).resolves.toMatchObject({ ok: false, error: { kind: 'timeout' } });
    await expect(send({ method: 'POST', url: `${base}/moved`, form: { client_secret: 's' } })).resolves.toMatchObject({ ok: true, value: { status: 307 } });
  });

  it('sends a request again, once, when a kept-alive connection was closed under it, and never otherwise', async () => {
    const send = createHttpClient();
    const seen: string[] = [];
    const base = await serve((req, _body, res) => {
      const connection = (req.socket as { tag?: number }).tag ?? ((req.socket as { tag?: number }).tag = seen.length);
      seen.push(`${req.url} on ${connection}`);
      // The second request on the first connection finds it closed, as a server's idle timeout does.
      if (req.url === '/second' && connection === 0) return req.socket.destroy();
      if (req.url === '/reset') return req.socket.destroy();
      res.end('{}');
    });
    expect(await send({ method: 'POST', url: `${base}/first`, json: {} })).toMatchObject({ ok: true, value: { status: 200 } });
    expect(await send({ method: 'POST', url: `${base}/second`, json: {} })).toMatchObject({ ok: true, value: { status: 200 } });
    expect(seen).toEqual(['/first on 0', '/second on 0', '/second on 2']);
    // On a new connection, a reset is an answer of its own: the request may have been acted on.
    server!.closeIdleConnections();
    await new Promise((resolve) => setTimeout(resolve, 50));
    seen.length = 0;
    const reset = await send({ method: 'POST', url: `${base}/reset`, json: {} });
    expect(reset).toMatchObject({ ok: false, error: { kind: 'network', code: 'network_error' } });
    expect(seen).toHaveLength(1);
  });

  it('answers a bad or empty address, or a body it cannot encode, as a value without sending anything', async () => {
    let received = 0;
    const base = await serve((_req, _body, res) => {
      received++;
      res.end('{}');
    });
    const send = createHttpClient();
    for (const url of ['', 'not a url', '/v2/oauth/token/', 'http://', `ftp://${new URL(base).host}/`, `file:///etc/passwd`]) {
      const answer = await send({ method: 'POST', url, form: { client_secret: 'the-client-secret' } });
      expect(answer, JSON.stringify(url)).toEqual({ ok: false, error: { kind: 'network', code: 'invalid_url', httpStatus: null, logId: null, message: expect.any(String) } });
    }
    // The message never repeats the address, which may carry a credential.
    const withCredential = await send({ method: 'PUT', url: 'https//upload.example/?upload_token=upl.secretsecret' });
    expect(JSON.stringify(withCredential)).not.toContain('secretsecret');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(await send({ method: 'POST', url: `${base}/v2/x/`, json: cyclic })).toMatchObject({ ok: false, error: { kind: 'network', code: 'invalid_request' } });
    expect(received).toBe(0);
    expect(joinUrl('', '/v2/post/publish/inbox/video/init/')).toBe('/v2/post/publish/inbox/video/init/');
    expect(await send({ method: 'POST', url: joinUrl('', '/v2/post/publish/inbox/video/init/') })).toMatchObject({ ok: false, error: { code: 'invalid_url' } });
  });

  it('logs method, host, path and status only', async () => {
    const { log, lines } = memoryLogger();
    const base = await serve((_req, _body, res) => res.end(JSON.stringify(TOKENS)));
    await createHttpClient({ log })({ method: 'POST', url: `${base}/v2/oauth/token/?x=act.querysecret1`, form: { client_secret: 'the-client-secret', code: 'code.abcdefghijk' } });
    const text = lines.join('');
    expect(text).toMatch(/\/v2\/oauth\/token\//);
    for (const secret of ['querysecret1', 'the-client-secret', 'abcdefghijk', 'aaaaaaaaaaaa', 'bbbbbbbbbbbb']) expect(text).not.toContain(secret);
  });
});

describe('token endpoints', () => {
  it('broker mode sends the grant without any client secret and relays the platform answer verbatim', async () => {
    const seen: Array<{ path: string; form: Record<string, string> }> = [];
    const base = await serve((req, body, res) => {
      const form = Object.fromEntries(new URLSearchParams(body));
      seen.push({ path: req.url ?? '', form });
      res.setHeader('content-type', 'application/json');
      if (req.url === '/v1/oauth/revoke') return res.end('');
      if (form.grant_type === 'refresh_token') return res.writeHead(400).end(JSON.stringify({ error: 'invalid_grant', error_description: 'refresh_token is invalid', log_id: 'B1' }));
      res.end(JSON.stringify(TOKENS));
    });
    const broker = new BrokerTokenEndpoint(createHttpClient(), { brokerUrl: `${base}/`, clientKey: 'ck' });
    await expect(broker.exchangeCode({ code: 'code.x', redirectUri: 'http://127.0.0.1:9/callback/', codeVerifier: 'v'.repeat(43) })).resolves.toEqual({ ok: true, value: TOKENS });
    await expect(broker.refresh('rft.old')).resolves.toMatchObject({ ok: false, error: { code: 'invalid_grant', logId: 'B1' } });
    await expect(broker.revoke('act.x')).resolves.toEqual({ ok: true, value: undefined });
    expect(seen.map((s) => s.path)).toEqual(['/v1/oauth/token', '/v1/oauth/token', '/v1/oauth/revoke']);
    expect(seen[0]!.form).toEqual({ client_key: 'ck', grant_type: 'authorization_code', code: 'code.x', redirect_uri: 'http://127.0.0.1:9/callback/', code_verifier: 'v'.repeat(43) });
    expect(seen[1]!.form).toEqual({ client_key: 'ck', grant_type: 'refresh_token', refresh_token: 'rft.old' });
    expect(seen[2]!.form).toEqual({ client_key: 'ck', token: 'act.x' });
    for (const { form } of seen) expect(form).not.toHaveProperty('client_secret');
  });

  it('direct mode says the client secret is missing instead of calling the platform', async () => {
    let called = false;
    const base = await serve((_req, _body, res) => ((called = true), res.end('{}')));
    const direct = new DirectTokenEndpoint(createHttpClient(), { baseUrl: base, clientKey: 'ck', clientSecret: () => undefined, profileName: 'Prod' });
    await expect(direct.refresh('rft.x')).resolves.toMatchObject({ ok: false, error: { kind: 'auth', code: 'client_secret_missing', message: expect.stringMatching(/client secret of “Prod”/) } });
    expect(called).toBe(false);
  });
});
