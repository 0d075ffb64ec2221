import { describe, expect, it } from 'vitest';
import { DEFAULT_SANDBOX_CONFIG, parseSandboxConfig, resolveConfig } from '../../../sandbox/config.js';

const app = { client_key: 'k', client_secret: 's', name: 'App', redirect_uris: ['http://127.0.0.1:*/callback/'], scopes: ['video.upload'] };

describe('sandbox config', () => {
  it('the default has the desktop app’s sandbox profile and three users', () => {
    expect(DEFAULT_SANDBOX_CONFIG.apps).toEqual([
      {
        client_key: 'sbx_draftdeck_desktop',
        client_secret: 'sbx_secret_local_only_not_confidential',
        name: 'Draftdeck (sandbox)',
        redirect_uris: ['http://127.0.0.1:*/callback/'],
        scopes: ['user.info.basic', 'video.upload', 'video.list'],
        webhook_url: null,
        verified_url_prefixes: ['{sandbox_media_url}'],
      },
    ]);
    expect(DEFAULT_SANDBOX_CONFIG.users.map((u) => u.open_id)).toEqual(['sbx-user-ava', 'sbx-user-ben', 'sbx-user-chen']);
    expect(DEFAULT_SANDBOX_CONFIG.limits).toEqual({ init_per_minute: 6, status_per_minute: 30, pending_shares_per_24h: 5, research_requests_per_day: 1000, research_records_per_day: 100_000 });
    expect(DEFAULT_SANDBOX_CONFIG.processing).toEqual({ seconds_per_gb: 2 });
    expect(DEFAULT_SANDBOX_CONFIG.upload_host).toEqual({ idle_timeout_ms: 30_000 });
    expect(DEFAULT_SANDBOX_CONFIG.chaos).toEqual([]);
  });

  it('fills what a file leaves out with the defaults, section by section', () => {
    const config = parseSandboxConfig({ apps: [app], limits: { init_per_minute: 2 } });
    expect(config.apps[0]).toMatchObject({ webhook_url: null, verified_url_prefixes: [] });
    expect(config.users).toEqual(DEFAULT_SANDBOX_CONFIG.users);
    expect(config.limits).toMatchObject({ init_per_minute: 2, status_per_minute: 30 });
    expect(config.research).toEqual(DEFAULT_SANDBOX_CONFIG.research);
  });

  it.each([
    [{ apps: [{ ...app, client_secret: undefined }] }, 'apps[0].client_secret'],
    [{ apps: [{ ...app, redirect_uris: ['http://127.0.0.1:*/cb/*'] }] }, 'apps[0].redirect_uris[0]'],
    [{ apps: [{ ...app, redirect_uris: ['ftp://x/cb'] }] }, 'apps[0].redirect_uris[0]'],
    [{ apps: [{ ...app, scopes: ['Video Upload'] }] }, 'apps[0].scopes[0]'],
    [{ apps: [{ ...app, webhook_url: 'not a url' }] }, 'apps[0].webhook_url'],
    [{ apps: [{ ...app, verified_url_prefixes: ['cdn.example.com'] }] }, 'apps[0].verified_url_prefixes[0]'],
    [{ apps: [app, app] }, 'apps[1].client_key'],
    [{ apps: [{ ...app, colour: 'red' }] }, 'apps[0]'],
    [{ users: [] }, 'users'],
    [{ users: [{ open_id: 'a b', username: 'x', display_name: 'X' }] }, 'users[0].open_id'],
    [{ users: [{ open_id: 'a', username: 'x', display_name: 'X' }, { open_id: 'a', username: 'y', display_name: 'Y' }] }, 'users[1].open_id'],
    [{ limits: { init_per_minute: 0 } }, 'limits.init_per_minute'],
    [{ limits: { init_per_minte: 3 } }, 'init_per_minte'],
    [{ processing: { seconds_per_gb: -1 } }, 'processing.seconds_per_gb'],
    [{ upload_host: { idle_timeout_ms: 10 } }, 'upload_host.idle_timeout_ms'],
    [{ research: { seed: 1.5 } }, 'research.seed'],
    [{ chaos: [{ route: 'GET /', probability: 3, status: 500 }] }, 'chaos[0].probability'],
    [{ chaos: 'none' }, 'chaos'],
    [{ extra: true }, 'extra'],
    ['not an object', 'config'],
  ])('refuses %j naming %s', (raw, field) => {
    expect(() => parseSandboxConfig(raw)).toThrow(field);
  });

  it('resolves the sandbox media placeholder in verified prefixes', () => {
    const resolved = resolveConfig(DEFAULT_SANDBOX_CONFIG, 'http://127.0.0.1:4000/sandbox/media/');
    expect(resolved.apps[0]!.verified_url_prefixes).toEqual(['http://127.0.0.1:4000/sandbox/media/']);
    expect(DEFAULT_SANDBOX_CONFIG.apps[0]!.verified_url_prefixes).toEqual(['{sandbox_media_url}']);
  });
});
