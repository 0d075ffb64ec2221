/**
 * Nothing secret reaches the renderer or the logs. The whole app (createApp, as web mode builds
 * it, with the embedded sandbox) runs sign-in, a refused sign-in, a forged callback, an expiry with
 * refresh, and removal with revoke, all through the dispatcher; the test keeps every answer the
 * renderer would get, every event batch, and every log line (the app's and the sandbox's), then
 * looks for each secret that crossed the token endpoint: codes, verifiers, access and refresh
 * tokens of every generation, and the client secret.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type * as OAuth from '../../../platform-api/oauth.js';
import { createApp, type App } from '../../../electron/app.js';
import type { EventMessage } from '../../../electron/core/contract/index.js';
import { createConfStorage } from '../../../electron/services/storage.js';
import type { SandboxHandle } from '../../../sandbox/index.js';
import { builtinPlatform } from '../../support/builtin-platform.js';
import { memoryLogger } from '../../support/silent-log.js';
import { seedEmbeddedBackend } from '../../support/seed-backend.js';
import { advanceSandboxClock, consent, deliver, TEST_SANDBOX_CONFIG } from '../../support/auth-harness.js';

// Record every secret as it crosses the token operations (the real ones still run). The built-in
// profile signs in through its embedded partner backend (the token broker), so the app's side of
// each operation is a form POST to the broker; the client secret is the backend's alone.
const seen = vi.hoisted(() => ({ secrets: new Set<string>(), codes: [] as string[], verifiers: [] as string[], refreshed: 0, forms: [] as Array<{ path: string; form: Record<string, string> }> }));
vi.mock('../../../platform-api/oauth.js', async (importOriginal) => {
  const real = await importOriginal<typeof OAuth>();
  const note = (...values: Array<string | undefined>) => values.forEach((value) => value && seen.secrets.add(value));
  const noteForm = (url: string, form: Record<string, string>) => {
    seen.forms.push({ path: new URL(url).pathname, form });
    note(form.client_secret, form.code, form.code_verifier, form.refresh_token, form.token);
    if (form.code) seen.codes.push(form.code);
    if (form.code_verifier) seen.verifiers.push(form.code_verifier);
    if (form.grant_type === 'refresh_token') seen.refreshed++;
  };
  return {
    ...real,
    postForTokens: async (...args: Parameters<typeof real.postForTokens>) => {
      noteForm(args[1], args[3]);
      const result = await real.postForTokens(...args);
      const tokens = result as { ok: boolean; value?: { access_token?: string; refresh_token?: string } };
      if (tokens.ok) note(tokens.value?.access_token, tokens.value?.refresh_token);
      return result;
    },
    postForNothing: async (...args: Parameters<typeof real.postForNothing>) => {
      noteForm(args[1], args[2]);
      return real.postForNothing(...args);
    },
  };
});

const dataDir = mkdtempSync(join(tmpdir(), 'dd-leak-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('secrets never reach the renderer or the logs', () => {
  it('a whole sign-in, refusal, refresh and revoke leaves no token, code, verifier or client secret in answers, events or logs', async () => {
    const { log, lines } = memoryLogger();
    await seedEmbeddedBackend(dataDir);
    const app: App = await createApp({
      runtime: 'web',
      version: '0.0.0-test',
      storage: createConfStorage(dataDir),
      dataDir,
      log,
      openExternal: async () => false,
      // The built-in platform as programs: their log lines reach the app's log, which is checked too.
      builtinPlatform: builtinPlatform({ sandboxConfig: TEST_SANDBOX_CONFIG }),
    });
    const batches: EventMessage[][] = [];
    app.hub.subscribe((batch) => batches.push(batch));
    const answers: unknown[] = [];
    const call = async (channel: string, input?: unknown) => {
      const answer = await app.dispatch(channel, input);
      answers.push(answer);
      return answer;
    };
    const finished = async (flowId: string) => {
      for (let i = 0; i < 100; i++) {
        const found = batches.flat().find((e) => e.name === 'signIn.finished' && e.payload.flowId === flowId);
        if (found) return found.payload;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('no signIn.finished event');
    };

    try {
      await call('app.info');
      await call('vault.status');
      await call('profile.status');
      await call('profile.setClientSecret', { secret: 'not-needed-for-the-sandbox' });

      // A refused sign-in.
      const denied = (await call('accounts.signIn.start')) as { ok: true; value: { flowId: string; authorizeUrl: string } };
      await deliver(await consent(denied.value.authorizeUrl, { decision: 'deny' }));
      expect(await finished(denied.value.flowId)).toMatchObject({ ok: false, error: { code: 'access_denied' } });

      // A sign-in with a forged callback first, then the real one.
      const started = (await call('accounts.signIn.start')) as { ok: true; value: { flowId: string; authorizeUrl: string; openedExternally: boolean } };
      expect(started.value.openedExternally).toBe(false);
      const location = await consent(started.value.authorizeUrl, { openId: 'sbx-user-ava' });
      const forged = new URL(location);
      forged.searchParams.set('state', 'x'.repeat(32));
      await deliver(forged.toString());
      await deliver(location);
      expect(await finished(started.value.flowId)).toMatchObject({ ok: true, account: { openId: 'sbx-user-ava', displayName: 'Ava Makes' } });
      expect(new URL(location).searchParams.get('code')).toBe(seen.codes[0]);
      await call('accounts.list');

      // A purchase: the Store's calls carry the account's access token to the backend.
      await call('store.catalog');
      const bought = (await call('store.buy', { openId: 'sbx-user-ava', productId: 'sticker_pack' })) as { ok: boolean };
      expect(bought.ok).toBe(true);
      await call('store.account', { openId: 'sbx-user-ava' });

      // Expiry on the sandbox clock; removing the account refreshes (to revoke with a live token) and revokes.
      const info = (await call('app.info')) as { ok: true; value: { sandbox: { baseUrl: string } } };
      await advanceSandboxClock({ baseUrl: info.value.sandbox.baseUrl } as SandboxHandle, 86_400 + 60);
      expect(await call('accounts.remove', { openId: 'sbx-user-ava' })).toEqual({ ok: true, value: { removed: true, revoked: true, message: null, messageWords: null } });
      await call('accounts.list');
      await call('accounts.remove', { openId: 'sbx-user-ava' });
    } finally {
      await app.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 150));

    // Every token operation went to the embedded backend (the broker), and none carried a client secret.
    expect(seen.forms.map((f) => f.path)).toEqual(['/v1/oauth/token', '/v1/oauth/token', '/v1/oauth/revoke']);
    for (const { form } of seen.forms) expect(form).not.toHaveProperty('client_secret');
    // The client secret is the backend's: in this process, yet never in an answer, an event or a log line.
    seen.secrets.add(TEST_SANDBOX_CONFIG.apps[0]!.client_secret);

    // The run really did cross every kind of secret.
    expect(seen.refreshed).toBe(1);
    expect(seen.codes).toHaveLength(1);
    expect(seen.verifiers).toHaveLength(1);
    const secrets = [...seen.secrets];
    expect(secrets.filter((s) => s.startsWith('act.'))).toHaveLength(2);
    expect(secrets.filter((s) => s.startsWith('rft.'))).toHaveLength(2);
    expect(secrets).toContain(TEST_SANDBOX_CONFIG.apps[0]!.client_secret);
    expect(secrets.length).toBeGreaterThanOrEqual(7);

    const renderer = JSON.stringify(answers) + JSON.stringify(batches);
    const logs = lines.join('');
    expect(batches.flat().some((e) => e.name === 'accounts.changed')).toBe(true);
    expect(logs).toMatch(/access token refreshed/);
    for (const secret of secrets) {
      // The random body of a token without its prefix, so a scrubbed `act.[redacted]` is not a false alarm, yet any partial echo is.
      const body = secret.replace(/^(act|rft|code)\./, '');
      expect(renderer, 'renderer-bound traffic').not.toContain(body);
      expect(logs, 'logs').not.toContain(body);
    }
  });
});
