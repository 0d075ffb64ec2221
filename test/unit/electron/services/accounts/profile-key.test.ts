import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { OffsetClock } from '../../../../../common/clock.js';
import type { HttpRequest, HttpSend } from '../../../../../platform-api/http.js';
import type { PlatformProfile } from '../../../../../electron/core/contract/index.js';
import { AccountStore } from '../../../../../electron/services/accounts/account-store.js';
import { tokenEntry, TokenManager } from '../../../../../electron/services/accounts/token-manager.js';
import { createMemoryStorage } from '../../../../../electron/services/storage.js';
import { clientSecretEntry, customProfileKey, customRuntime } from '../../../../../electron/services/platform-profile.js';
import type { Vault } from '../../../../../electron/services/vault/vault.js';
import { memoryLogger } from '../../../../support/silent-log.js';
import { RecordingSecretStore } from '../../../../support/auth-fakes.js';

type Custom = Extract<PlatformProfile, { kind: 'custom' }>;

const base: Custom = {
  kind: 'custom',
  name: 'Acme',
  baseUrl: 'https://open.acme.example',
  uploadHost: 'https://upload.acme.example',
  authorizeUrl: 'https://www.acme.example/v2/auth/authorize/',
  clientKey: 'acme-key',
  secret: { store: 'vault' },
};
const withBroker = (brokerUrl: string): Custom => ({ ...base, secret: { store: 'broker', brokerUrl } });

describe('custom profile key: tokens never follow a changed token endpoint', () => {
  it('differs when the secret moves to a broker, and between brokers', () => {
    const keys = [customProfileKey(base), customProfileKey(withBroker('https://broker.partner.example')), customProfileKey(withBroker('https://other-broker.example')), customProfileKey({ ...base, baseUrl: 'https://open.other.example' }), customProfileKey({ ...base, clientKey: 'other-key' })];
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^custom-[0-9a-f]{16}$/);
    // A broker URL that happens to be the platform's own is still another endpoint than the direct one.
    expect(customProfileKey(withBroker(base.baseUrl))).not.toBe(customProfileKey(base));
  });

  it('stays the same for what does not change where tokens go (the name, the upload host, the consent page)', () => {
    const renamed = { ...base, name: 'Acme (work)', uploadHost: 'https://upload2.acme.example', authorizeUrl: 'https://www.acme.example/consent' };
    expect(customProfileKey(renamed)).toBe(customProfileKey(base));
    const broker = withBroker('https://broker.partner.example');
    const renamedBroker: Custom = { ...broker, name: 'Renamed' };
    expect(customProfileKey(renamedBroker)).toBe(customProfileKey(broker));
  });

  it('keeps the key a vault profile always had, so its accounts survive the update', () => {
    const legacy = `custom-${createHash('sha256').update(`${base.baseUrl}\n${base.clientKey}`).digest('hex').slice(0, 16)}`;
    expect(customProfileKey(base)).toBe(legacy);
  });

  it('a refresh token stored under the platform is never sent to a broker the profile switched to', async () => {
    const requests: HttpRequest[] = [];
    const http: HttpSend = async (request) => {
      requests.push(request);
      return { ok: false, error: { kind: 'network', code: 'unreachable', message: 'test: no network', retryable: true } } as never;
    };
    const secrets = new RecordingSecretStore();
    const vault = secrets as unknown as Vault;
    const clock = new OffsetClock(0, { now: () => 1_800_000_000_000 });
    const accounts = new AccountStore(createMemoryStorage());
    const manager = new TokenManager({ vault: secrets, accounts, log: memoryLogger().log });

    const direct = customRuntime(base, { http, vault, clock });
    await secrets.set(clientSecretEntry(direct.key), 'client-secret');
    // Signed in on the direct profile, with an access token due for refresh.
    await manager.save(direct, { open_id: 'user-1', scope: 'video.upload', access_token: 'act.old', expires_in: 1, refresh_token: 'rft.platform-issued', refresh_expires_in: 31_536_000, token_type: 'Bearer' });
    accounts.put({ profileKey: direct.key, openId: 'user-1', displayName: null, username: null, scopes: ['video.upload'], signInAgain: null, addedAt: clock.now() });

    clock.advance(3600);

    const brokered = customRuntime(withBroker('https://broker.attacker.example'), { http, vault, clock });
    expect(brokered.key).not.toBe(direct.key);
    expect(secrets.get(tokenEntry(brokered.key, 'user-1'))).toBeUndefined();
    const answer = await manager.getAccessToken(brokered, 'user-1');
    expect(answer).toMatchObject({ ok: false, error: { code: 'no_account' } });
    expect(requests).toEqual([]);
    // The same manager on the direct profile does refresh, at the platform: the test would see a leak.
    await manager.getAccessToken(direct, 'user-1');
    expect(requests.map((request) => new URL(request.url).origin)).toEqual([base.baseUrl]);
    expect(requests[0]!.form).toMatchObject({ refresh_token: 'rft.platform-issued' });
  });
});
