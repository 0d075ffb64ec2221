import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress } from '../../../../backend/broker/client-address.js';

const request = (peer: string, forwarded?: string) => ({ socket: { remoteAddress: peer }, headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded } }) as unknown as IncomingMessage;

describe('client address for rate limits', () => {
  it('is the peer unless the peer is a trusted proxy', () => {
    expect(clientAddress(request('203.0.113.9', '10.9.9.9'), [])).toBe('203.0.113.9');
    expect(clientAddress(request('::ffff:203.0.113.9'), [])).toBe('203.0.113.9');
  });

  it('behind trusted proxies, is the last forwarded hop that is not one of them (earlier hops can be forged)', () => {
    expect(clientAddress(request('10.0.0.2', '198.51.100.7'), ['10.0.0.2'])).toBe('198.51.100.7');
    expect(clientAddress(request('10.0.0.2', '1.1.1.1, 198.51.100.7, 10.0.0.1'), ['10.0.0.2', '10.0.0.1'])).toBe('198.51.100.7');
    expect(clientAddress(request('10.0.0.2'), ['10.0.0.2'])).toBe('10.0.0.2');
  });
});
