import { describe, expect, it } from 'vitest';
import { networkInterfaces } from 'node:os';
import { startLoopbackListener } from '../../../../../electron/services/auth/loopback-listener.js';
import { rawRequest } from '../../../../support/raw-http.js';

const pending = Symbol('pending');
/** The listener's result if it has settled within a few ms, else `pending`. */
async function peek<T>(promise: Promise<T>): Promise<T | typeof pending> {
  return Promise.race([promise, new Promise<typeof pending>((resolve) => setTimeout(() => resolve(pending), 30))]);
}

describe('loopback listener', () => {
  it('listens on 127.0.0.1 only, on an ephemeral port, at the registered callback path', async () => {
    const listener = await startLoopbackListener({ state: 's1' });
    try {
      expect(listener.address.address).toBe('127.0.0.1');
      expect(listener.address.family).toBe('IPv4');
      expect(listener.address.port).toBeGreaterThan(1023);
      expect(listener.redirectUri).toBe(`http://127.0.0.1:${listener.address.port}/callback/`);
      // No other interface answers (where the machine has one).
      const external = Object.values(networkInterfaces()).flat().find((i) => i && i.family === 'IPv4' && !i.internal);
      if (external) await expect(rawRequest(`http://${external.address}:${listener.address.port}/callback/?state=s1&code=c`)).rejects.toThrow();
    } finally {
      listener.cancel();
    }
  });

  it('answers a wrong path with 404 and keeps waiting', async () => {
    const listener = await startLoopbackListener({ state: 's2' });
    const base = `http://127.0.0.1:${listener.address.port}`;
    for (const path of ['/', '/favicon.ico', '/callback', '/callback/x?state=s2&code=c']) {
      expect((await rawRequest(`${base}${path}`)).status).toBe(404);
    }
    expect(await peek(listener.result)).toBe(pending);
    listener.cancel();
    await expect(listener.result).resolves.toEqual({ kind: 'cancelled' });
  });

  it('ignores a callback with a wrong or missing state, or a foreign Host, and keeps waiting', async () => {
    const listener = await startLoopbackListener({ state: 'the-right-state' });
    const base = `http://127.0.0.1:${listener.address.port}/callback/`;
    const wrong = await rawRequest(`${base}?state=another-state&code=code.stolen`);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatch(/does not belong to the sign-in/);
    expect((await rawRequest(`${base}?code=code.nostate`)).status).toBe(400);
    expect((await rawRequest(`${base}?state=the-right-state&code=c`, { headers: { host: 'evil.example:80' } })).status).toBe(400);
    expect((await rawRequest(`${base}?state=the-right-state&code=c`, { method: 'POST' })).status).toBe(405);
    expect(await peek(listener.result)).toBe(pending);
    // The real answer still ends the flow afterwards.
    const good = await rawRequest(`${base}?code=code.good&scopes=video.upload,user.info.basic&state=the-right-state`);
    expect(good.status).toBe(200);
    await expect(listener.result).resolves.toEqual({ kind: 'code', code: 'code.good', scopes: ['video.upload', 'user.info.basic'] });
  });

  it('speaks the browser’s language (Accept-Language, q-values; pt-PT as Brazilian Portuguese; unknown as English), right to left in Arabic', async () => {
    const listener = await startLoopbackListener({ state: 's-lang' });
    const base = `http://127.0.0.1:${listener.address.port}`;
    const ask = (language: string) => rawRequest(`${base}/elsewhere`, { headers: { 'accept-language': language } });
    const ja = await ask('fr;q=0.9, ja, en;q=0.8');
    expect(ja.headers['content-language']).toBe('ja');
    expect(ja.headers.vary).toBe('Accept-Language');
    expect(ja.body).toContain('<html lang="ja" dir="ltr">');
    expect(ja.body).toContain('<h1>見つかりません</h1><p>このページは Draftdeck 自身のログインにだけ応答します。</p>');
    const ar = await ask('ar-EG');
    expect(ar.body).toContain('<html lang="ar" dir="rtl">');
    expect(ar.body).toContain('<title>Draftdeck — غير موجود</title>');
    expect((await ask('pt-PT,pt;q=0.9')).body).toContain('<h1>Não encontrado</h1>');
    expect((await ask('zh-CN')).body).toContain('<h1>Not found</h1>');
    const signedIn = await rawRequest(`${listener.redirectUri}?code=c&state=s-lang`, { headers: { 'accept-language': 'id-ID,id;q=0.9' } });
    expect(signedIn.body).toContain('<h1>Berhasil masuk</h1><p>Kamu bisa menutup tab ini dan kembali ke Draftdeck.</p>');
    await expect(listener.result).resolves.toMatchObject({ kind: 'code', code: 'c' });
  });

  it('answers the browser with a page saying it can return to the app, then closes', async () => {
    const listener = await startLoopbackListener({ state: 's3' });
    const url = `${listener.redirectUri}?code=code.abc&scopes=video.upload&state=s3`;
    const answer = await rawRequest(url);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/text\/html/);
    expect(answer.body).toMatch(/return to Draftdeck/);
    expect(answer.body).not.toContain('code.abc');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
    expect(answer.headers['content-security-policy']).toMatch(/default-src 'none'/);
    await listener.closed;
    // A replay finds nothing listening.
    await expect(rawRequest(url)).rejects.toThrow(/ECONNREFUSED/);
  });

  it('ends on a refusal from the consent page with its error', async () => {
    const listener = await startLoopbackListener({ state: 's4' });
    const answer = await rawRequest(`${listener.redirectUri}?error=access_denied&error_description=The+user+denied&state=s4`);
    expect(answer.body).toMatch(/return to Draftdeck/);
    await expect(listener.result).resolves.toEqual({ kind: 'refused', error: 'access_denied', description: 'The user denied' });
    await listener.closed;
  });

  it('ends and closes on cancel', async () => {
    const listener = await startLoopbackListener({ state: 's5' });
    listener.cancel();
    listener.cancel();
    await expect(listener.result).resolves.toEqual({ kind: 'cancelled' });
    await listener.closed;
    await expect(rawRequest(`${listener.redirectUri}?state=s5&code=c`)).rejects.toThrow(/ECONNREFUSED/);
  });

  it('ends and closes after its timeout', async () => {
    const listener = await startLoopbackListener({ state: 's6', timeoutMs: 50 });
    await expect(listener.result).resolves.toEqual({ kind: 'timeout' });
    await listener.closed;
  });
});
