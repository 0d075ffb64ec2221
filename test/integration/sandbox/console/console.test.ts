/** The console page and the /sandbox inspection API; pages escape what they echo. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeParams, extras, getConsentPage, initFileUpload, newVerifier, signIn, startTestSandbox, type Sandbox } from '../../../support/sandbox-client.js';

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

describe('console', () => {
  it('lists users, tokens (by hint only), publishes with their state, and the actions', async () => {
    const tokens = await signIn(sandbox);
    const init = await initFileUpload(sandbox, tokens.access_token, { video_size: 100, chunk_size: 100, total_chunk_count: 1 });
    const res = await fetch(sandbox.consoleUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'nonce-[^']+'/);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const html = await res.text();
    for (const heading of ['Clock', 'Users', 'Tokens', 'Publishes', 'Chaos', 'Apps']) expect(html).toContain(`>${heading}</h2>`);
    for (const user of sandbox.config.users) expect(html).toContain(user.open_id);
    expect(html).toContain(init.data.publish_id);
    expect(html).toContain('PROCESSING_UPLOAD');
    expect(html).toContain('Advance clock');
    expect(html).not.toContain(tokens.access_token);
    expect(html).toContain(`act.…${tokens.access_token.slice(-4)}`);
  });

  it('the inspection API lists tokens by hint and users with their apps', async () => {
    const tokens = await extras<{ tokens: Array<{ kind: string; hint: string; state: string }> }>(sandbox, '/sandbox/tokens');
    expect(tokens.data.tokens.some((t) => t.kind === 'access' && t.state === 'valid')).toBe(true);
    expect(JSON.stringify(tokens.data)).not.toMatch(/act\.[A-Za-z0-9_-]{10}/);
    const users = await extras<{ users: Array<{ open_id: string; apps: unknown[] }> }>(sandbox, '/sandbox/users');
    expect(users.data.users.find((u) => u.open_id === 'sbx-user-ava')?.apps).toHaveLength(1);
    const clock = await extras<{ offset_seconds: number; now: string }>(sandbox, '/sandbox/clock');
    expect(clock.data.offset_seconds).toBe(0);
    const media = await extras<{ media: Array<{ name: string; url: string }> }>(sandbox, '/sandbox/media/');
    expect(media.data.media.map((m) => m.name)).toContain('sample.mp4');
    expect(sandbox.config.apps[0]!.verified_url_prefixes).toEqual([`${sandbox.baseUrl}/sandbox/media/`]);
  });

  it('the consent page escapes the parameters it carries', async () => {
    const page = await getConsentPage(sandbox, { ...authorizeParams(newVerifier(), { state: '"><script>alert(1)</script>' }) });
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('<script>');
    expect(page.html).toContain('&quot;&gt;&lt;script&gt;');
  });
});
