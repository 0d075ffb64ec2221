/**
 * Checking `Tiktok-Signature: t=<unix seconds>,s=<hex HMAC-SHA256(client_secret, t + "." + raw body)>`
 * (docs/PLATFORM.md "Payment webhook"): over the raw bytes, before anything is parsed, compared
 * in constant time, and only within five minutes either side of the receiver's clock (a replay
 * of an old delivery is refused). Pure: the caller gives the time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_WINDOW_SECONDS = 300;

export type SignatureCheck =
  | { ok: true; timestamp: number }
  | { ok: false; reason: 'missing_signature' | 'malformed_signature' | 'bad_signature' }
  | { ok: false; reason: 'stale_timestamp'; timestamp: number };

/** `t=…,s=…` in either order; a repeated or unknown part makes it malformed. */
export function parseSignatureHeader(header: string): { t: number; s: string } | null {
  const parts = new Map<string, string>();
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) return null;
    const key = part.slice(0, eq).trim();
    if (parts.has(key) || (key !== 't' && key !== 's')) return null;
    parts.set(key, part.slice(eq + 1).trim());
  }
  const t = parts.get('t');
  const s = parts.get('s');
  if (t === undefined || s === undefined || !/^\d{1,12}$/.test(t) || !/^[0-9a-fA-F]{64}$/.test(s)) return null;
  return { t: Number(t), s: s.toLowerCase() };
}

export function checkSignature(secret: string, header: string | undefined, rawBody: Buffer, nowSeconds: number): SignatureCheck {
  if (header === undefined || header === '') return { ok: false, reason: 'missing_signature' };
  const parsed = parseSignatureHeader(header);
  if (!parsed) return { ok: false, reason: 'malformed_signature' };
  // The MAC is checked before the time, so a forger learns nothing from which of the two failed.
  const expected = createHmac('sha256', secret).update(`${parsed.t}.`).update(rawBody).digest();
  if (!timingSafeEqual(expected, Buffer.from(parsed.s, 'hex'))) return { ok: false, reason: 'bad_signature' };
  if (Math.abs(nowSeconds - parsed.t) > SIGNATURE_WINDOW_SECONDS) return { ok: false, reason: 'stale_timestamp', timestamp: parsed.t };
  return { ok: true, timestamp: parsed.t };
}
