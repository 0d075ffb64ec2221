/**
 * The payment webhook signature (docs/PLATFORM.md "Payment webhook", the production platform's scheme):
 * `Tiktok-Signature: t=<unix seconds>,s=<hex HMAC-SHA256(client_secret, t + "." + raw body)>`.
 * `t` is taken from the virtual clock at each attempt, so a retry days later still carries a fresh
 * timestamp that a receiver's five-minute replay window accepts.
 */
import { createHmac } from 'node:crypto';

export const SIGNATURE_HEADER = 'Tiktok-Signature';

export function signPayload(clientSecret: string, unixSeconds: number, rawBody: string): string {
  return createHmac('sha256', clientSecret).update(`${unixSeconds}.${rawBody}`).digest('hex');
}

export function signatureHeaderValue(clientSecret: string, unixSeconds: number, rawBody: string): string {
  return `t=${unixSeconds},s=${signPayload(clientSecret, unixSeconds, rawBody)}`;
}
