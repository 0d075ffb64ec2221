import { describe, expect, it } from 'vitest';
import { memoryLogger } from '../../support/silent-log.js';
import { censorLine, scrubText } from '../../../common/log.js';

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

  it('keeps error codes readable: `code` is not a secret key', () => {
    const { log, lines } = memoryLogger();
    const err = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
    log.warn({ err, code: 'access_token_invalid', error: { kind: 'platform', code: 'rate_limit_exceeded', logId: 'log-1' } }, 'publish failed');
    const entry = JSON.parse(lines.join('')) as { code: string; err: { code: string }; error: { code: string } };
    expect(entry.code).toBe('access_token_invalid');
    expect(entry.err.code).toBe('ECONNREFUSED');
    expect(entry.error.code).toBe('rate_limit_exceeded');
    expect(lines.join('')).not.toContain('[redacted]');
  });

  it('censors uploadUrl, codeVerifier and verifier, deeper than four levels, in arrays and in bindings', () => {
    const { log, lines } = memoryLogger();
    const uploadUrl = 'https://upload.example/video/?upload_id=u1&upload_token=deadbeefcafe';
    log.child({ sessionToken: 'session-secret-1' }).info(
      {
        a: { b: { c: { uploadUrl } } },
        deep: { l1: { l2: { l3: { l4: { l5: { l6: { Authorization: 'Bearer deep-secret-2' } } } } } } },
        drafts: [{ id: 'd1', publish: { upload_url: uploadUrl } }],
        pkce: { codeVerifier: 'verifier-secret-3', verifier: 'verifier-secret-4' },
      },
      'nested',
    );
    const text = lines.join('');
    for (const secret of ['deadbeefcafe', 'session-secret-1', 'deep-secret-2', 'verifier-secret-3', 'verifier-secret-4']) expect(text).not.toContain(secret);
    const entry = JSON.parse(text) as { a: { b: { c: { uploadUrl: string } } }; drafts: { id: string; publish: { upload_url: string } }[]; msg: string };
    expect(entry.a.b.c.uploadUrl).toBe('[redacted]');
    expect(entry.drafts[0]).toEqual({ id: 'd1', publish: { upload_url: '[redacted]' } });
    expect(entry.msg).toBe('nested');
  });

  it('censors secret keys an error carries as its own properties', () => {
    const { log, lines } = memoryLogger();
    const err = Object.assign(new Error('refused'), { request: { headers: { Authorization: 'Bearer err-secret-5' } } });
    log.error({ err }, 'call failed');
    expect(lines.join('')).not.toContain('err-secret-5');
    expect(lines.join('')).toContain('refused');
  });

  it('leaves a line naming no secret key untouched, byte for byte', () => {
    const line = '{"level":30,"msg":"chunk 3 of 10","bytes":1.5e+21,"code":"ECONNRESET"}\n';
    expect(censorLine(line)).toBe(line);
    expect(censorLine('not json "token": x\n')).toBe('not json "token": x\n');
  });

  it('leaves ordinary text alone', () => {
    expect(scrubText('uploaded chunk 3 of 10 for publish v_pub_123')).toBe('uploaded chunk 3 of 10 for publish v_pub_123');
  });
});

describe('readable lines (a person at a terminal)', () => {
  it('one line per record: time, level, where from, message, details; never JSON', () => {
    const { log, lines } = memoryLogger('text');
    log.child({ service: 'uploads' }).warn({ draftId: 'd1', attempts: 2 }, 'upload paused');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d warn {2}uploads: upload paused \(draftId=d1, attempts=2\)\n$/);
  });

  it('censors and scrubs exactly as the JSON lines do', () => {
    const { log, lines } = memoryLogger('text');
    log.error({ err: new Error('refresh failed for rft.abcdefghijklmnop'), sessionToken: 'web-session-secret', body: { access_token: 'act.1234567890' } }, 'bad clt.abcdefghijklmnop');
    const text = lines.join('');
    for (const secret of ['rft.abcdefghijklmnop', 'clt.abcdefghijklmnop', 'web-session-secret', 'act.1234567890']) expect(text).not.toContain(secret);
    expect(text).toContain('error: refresh failed for rft.[redacted]');
    expect(text).not.toMatch(/^\{/);
  });
});
