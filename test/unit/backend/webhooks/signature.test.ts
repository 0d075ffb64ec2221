import { describe, expect, it } from 'vitest';
import { checkSignature, parseSignatureHeader } from '../../../../backend/webhooks/signature.js';
import { signatureHeaderValue } from '../../../../sandbox/webhooks/signature.js';

const SECRET = 'webhook-secret';
const BODY = '{"client_key":"k","event":"minis.trade_order.redeem.success","create_time":1795400000,"user_openid":"","content":"{}"}';
const T = 1_795_400_000;

describe('webhook signature check', () => {
  it('accepts the platform scheme t=…,s=hex(HMAC-SHA256(secret, t + ".." + raw body))', () => {
    expect(checkSignature(SECRET, signatureHeaderValue(SECRET, T, BODY), Buffer.from(BODY), T)).toEqual({ ok: true, timestamp: T });
    const [t, s] = signatureHeaderValue(SECRET, T, BODY).split(',');
    expect(checkSignature(SECRET, `${s},${t}`, Buffer.from(BODY), T).ok).toBe(true);
  });

  it('refuses another secret, a changed byte of the body, and a changed timestamp', () => {
    expect(checkSignature(SECRET, signatureHeaderValue('other', T, BODY), Buffer.from(BODY), T)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(checkSignature(SECRET, signatureHeaderValue(SECRET, T, BODY), Buffer.from(BODY.replace('1795400000', '1795400001')), T)).toEqual({ ok: false, reason: 'bad_signature' });
    const s = signatureHeaderValue(SECRET, T, BODY).split(',')[1];
    expect(checkSignature(SECRET, `t=${T + 1},${s}`, Buffer.from(BODY), T)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('allows five minutes either way and no more', () => {
    const header = signatureHeaderValue(SECRET, T, BODY);
    expect(checkSignature(SECRET, header, Buffer.from(BODY), T + 300).ok).toBe(true);
    expect(checkSignature(SECRET, header, Buffer.from(BODY), T - 300).ok).toBe(true);
    expect(checkSignature(SECRET, header, Buffer.from(BODY), T + 301)).toEqual({ ok: false, reason: 'stale_timestamp', timestamp: T });
    expect(checkSignature(SECRET, header, Buffer.from(BODY), T - 301)).toEqual({ ok: false, reason: 'stale_timestamp', timestamp: T });
  });

  it('says missing or malformed for headers that are not t=…,s=<64 hex>', () => {
    expect(checkSignature(SECRET, undefined, Buffer.from(BODY), T)).toEqual({ ok: false, reason: 'missing_signature' });
    for (const bad of ['garbage', `t=${T}`, `s=${'a'.repeat(64)}`, `t=${T},s=${'a'.repeat(63)}`, `t=${T},s=${'g'.repeat(64)}`, `t=${T},t=${T},s=${'a'.repeat(64)}`, `t=x,s=${'a'.repeat(64)}`, `t=${T},s=${'a'.repeat(64)},v=1`]) {
      expect(parseSignatureHeader(bad), bad).toBeNull();
      expect(checkSignature(SECRET, bad, Buffer.from(BODY), T), bad).toEqual({ ok: false, reason: 'malformed_signature' });
    }
  });
});
