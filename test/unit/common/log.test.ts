import { describe, expect, it } from 'vitest';
import { memoryLogger } from '../../support/silent-log.js';
import { scrubText } from '../../../common/log.js';

describe('logger', () => {
  it('censors secret-bearing keys at any depth', () => {
    const { log, lines } = memoryLogger();
    log.info({ access_token: 'act.1234567890', body: { refresh_token: 'rft.1234567890', nested: { client_secret: 's3cr3t-value' } }, headers: { authorization: 'Bearer xyz-secret' } }, 'token set');
    const text = lines.join('');
    for (const secret of ['act.1234567890', 'rft.1234567890', 's3cr3t-value', 'xyz-secret']) expect(text).not.toContain(secret);
    expect(text).toContain('[redacted]');
  });

  it('scrubs token-shaped text inside messages, errors and URLs', () => {
    const { log, lines } = memoryLogger();
    log.error({ err: new Error('refresh failed for rft.abcdefghijklmnop'), url: 'http://127.0.0.1:1/upload/p1?credential=upl.abcdefghijkl' }, 'bad clt.abcdefghijklmnop');
    const text = lines.join('');
    for (const secret of ['rft.abcdefghijklmnop', 'upl.abcdefghijkl', 'clt.abcdefghijklmnop']) expect(text).not.toContain(secret);
  });

  it('leaves ordinary text alone', () => {
    expect(scrubText('uploaded chunk 3 of 10 for publish v_pub_123')).toBe('uploaded chunk 3 of 10 for publish v_pub_123');
  });
});
