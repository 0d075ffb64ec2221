import { describe, expect, it } from 'vitest';
import { Router } from '../../../../server-kit/http/router.js';
import { parseForm, parseJsonObject } from '../../../../server-kit/http/body.js';

const noop = () => ({ status: 200 });

describe('Router', () => {
  const router = new Router().add(
    { method: 'POST', path: '/v2/oauth/token/', handler: noop },
    { method: 'GET', path: '/sandbox/publishes/:publish_id', handler: noop },
    { method: 'POST', path: '/sandbox/publishes/:publish_id/post', handler: noop },
  );

  it('matches exact paths, trailing slash included, and decodes parameters', () => {
    expect(router.match('POST', '/v2/oauth/token/').kind).toBe('found');
    expect(router.match('POST', '/v2/oauth/token').kind).toBe('not_found');
    const found = router.match('GET', '/sandbox/publishes/v_inbox_file~v2.12%2F3');
    expect(found).toMatchObject({ kind: 'found', params: { publish_id: 'v_inbox_file~v2.12/3' } });
    expect(router.match('POST', '/sandbox/publishes/x/post')).toMatchObject({ kind: 'found', params: { publish_id: 'x' } });
    expect(router.match('GET', '/sandbox/publishes/%E0%A4%A').kind).toBe('not_found');
  });

  it('tells a wrong method from an unknown path', () => {
    expect(router.match('GET', '/v2/oauth/token/')).toEqual({ kind: 'wrong_method', allowed: ['POST'] });
    expect(router.match('GET', '/nothing')).toEqual({ kind: 'not_found' });
  });

  it('refuses a duplicate route', () => {
    expect(() => router.add({ method: 'POST', path: '/v2/oauth/token/', handler: noop })).toThrow('duplicate');
  });
});

describe('body parsing', () => {
  it('JSON bodies must be objects', () => {
    expect(parseJsonObject(Buffer.from('{"a":1}'))).toEqual({ ok: true, value: { a: 1 } });
    for (const text of ['[1]', 'null', '"s"', '{', '']) expect(parseJsonObject(Buffer.from(text)).ok).toBe(false);
  });

  it('form bodies refuse repeated parameters', () => {
    expect(parseForm('a=1&b=%20x')).toEqual({ ok: true, value: { a: '1', b: ' x' } });
    expect(parseForm('code=a&code=b')).toEqual({ ok: false, message: 'parameter code is repeated' });
  });
});
