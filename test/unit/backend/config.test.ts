import { describe, expect, it } from 'vitest';
import { DEFAULT_WEBHOOK_PATH, parseBackendConfig } from '../../../backend/config.js';

const valid = {
  platform: { base_url: 'https://open.example.com', client_key: 'key_1', client_secret: 's3cret' },
  catalog: [{ id: 'gems', name: 'Gems', price_beans: 100, grants: { gem: 100 } }],
  redirect_uris: ['http://127.0.0.1:*/callback/'],
};

describe('backend config', () => {
  it('fills the defaults', () => {
    const config = parseBackendConfig(valid);
    expect(config.webhook_path).toBe(DEFAULT_WEBHOOK_PATH);
    expect(config.platform.sandbox).toBe(false);
    expect(config.allowed_origins).toEqual([]);
    expect(config.catalog[0]).toMatchObject({ image_url: null, refund_rule: 'proportional' });
    expect(config.rate_limits).toEqual({ oauth_per_minute: 60, client_token_per_minute: 10 });
  });

  it.each([
    [{ ...valid, extra: 1 }, /config: Unrecognized key.*extra/],
    [{ ...valid, platform: { ...valid.platform, client_secret: '' } }, /config\.platform\.client_secret/],
    [{ ...valid, platform: { ...valid.platform, base_url: 'ftp://x' } }, /config\.platform\.base_url/],
    [{ ...valid, catalog: [{ ...valid.catalog[0], price_beans: 0 }] }, /config\.catalog\[0\]\.price_beans/],
    [{ ...valid, catalog: [{ ...valid.catalog[0], grants: {} }] }, /config\.catalog\[0\]\.grants/],
    [{ ...valid, catalog: [valid.catalog[0], valid.catalog[0]] }, /config\.catalog: product ids must be unique/],
    [{ ...valid, catalog: [{ ...valid.catalog[0], refund_rule: 'half' }] }, /config\.catalog\[0\]\.refund_rule/],
    [{ ...valid, redirect_uris: ['http://127.0.0.1:*/cb/*'] }, /config\.redirect_uris\[0\]/],
    [{ ...valid, allowed_origins: ['https://store.example.com/path'] }, /config\.allowed_origins\[0\]/],
    [{ ...valid, webhook_path: '/v1/orders' }, /config\.webhook_path/],
    [{ ...valid, platform: { ...valid.platform, clientSecret: 'x' } }, /config\.platform: Unrecognized key/],
  ])('refuses a bad config naming the field (%#)', (raw, message) => {
    expect(() => parseBackendConfig(raw)).toThrow(message);
  });
});
