/**
 * What `npm run dist` / `npm run release` decide before electron-builder runs
 * (scripts/release-checks.mjs): the update feed (never a placeholder) and how each OS's
 * installers are signed, or why they cannot be (release refuses then, unless --unsigned).
 */
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

type Checks = {
  DEFAULT_UPDATE_URL: string;
  releaseFeed(env: Record<string, string>): { url: string } | { problem: string };
  signing(platform: string, env: Record<string, string>): { args: string[]; how: string } | { problem: string };
};
const { DEFAULT_UPDATE_URL, releaseFeed, signing } = (await import(pathToFileURL(join(import.meta.dirname, '../../../scripts/release-checks.mjs')).href)) as Checks;

describe('the update feed of a build', () => {
  it("is electron-builder.yml's, or DRAFTDECK_UPDATE_URL's", () => {
    expect(releaseFeed({})).toEqual({ url: DEFAULT_UPDATE_URL });
    expect(releaseFeed({ DRAFTDECK_UPDATE_URL: 'https://downloads.acme.co/draftdeck' })).toEqual({ url: 'https://downloads.acme.co/draftdeck/' });
  });

  it('is never a placeholder or plain http', () => {
    for (const url of ['https://updates.draftdeck.invalid/', 'https://updates.example.com/', 'http://updates.draftdeck.app/', 'https://localhost/', 'not a url']) {
      expect(releaseFeed({ DRAFTDECK_UPDATE_URL: url }), url).toHaveProperty('problem');
    }
  });
});

describe('signing', () => {
  it('macOS needs a Developer ID and notarization credentials', () => {
    expect(signing('darwin', {})).toEqual({ problem: expect.stringContaining('CSC_LINK') });
    expect(signing('darwin', { CSC_LINK: 'cert.p12' })).toEqual({ problem: expect.stringContaining('notarization') });
    expect(signing('darwin', { CSC_LINK: 'cert.p12', APPLE_API_KEY: 'k.p8', APPLE_API_KEY_ID: 'id', APPLE_API_ISSUER: 'iss' })).toMatchObject({ args: [] });
  });

  it('Windows signs with Azure Trusted Signing (azureSignOptions), a sign hook, or a certificate, and names the publisher', () => {
    const azure = { DRAFTDECK_AZURE_ENDPOINT: 'https://eus.codesigning.azure.net', DRAFTDECK_AZURE_ACCOUNT: 'draftdeck', DRAFTDECK_AZURE_PROFILE: 'release', AZURE_TENANT_ID: 't', AZURE_CLIENT_ID: 'c', AZURE_CLIENT_SECRET: 's' };
    expect(signing('win32', azure)).toEqual({ problem: expect.stringContaining('DRAFTDECK_WIN_PUBLISHER') });
    const signed = signing('win32', { ...azure, DRAFTDECK_WIN_PUBLISHER: 'Draftdeck Ltd' });
    expect(signed).toMatchObject({ how: 'Azure Trusted Signing' });
    expect((signed as { args: string[] }).args).toEqual(expect.arrayContaining(['-c.win.azureSignOptions.publisherName=Draftdeck Ltd', '-c.win.azureSignOptions.codeSigningAccountName=draftdeck']));
    // No secret is ever an argument.
    expect((signed as { args: string[] }).args.join(' ')).not.toContain('AZURE_CLIENT_SECRET');
    expect((signed as { args: string[] }).args.join(' ')).not.toMatch(/=s$/);
    expect(signing('win32', { DRAFTDECK_WIN_SIGN_HOOK: 'scripts/hsm-sign.cjs', DRAFTDECK_WIN_PUBLISHER: 'Draftdeck Ltd' })).toMatchObject({ args: ['-c.win.signtoolOptions.sign=scripts/hsm-sign.cjs', '-c.win.signtoolOptions.publisherName=Draftdeck Ltd'] });
    expect(signing('win32', { WIN_CSC_LINK: 'cert.pfx' })).toMatchObject({ args: [] });
    expect(signing('win32', {})).toHaveProperty('problem');
  });

  it('Linux packages carry no signature', () => {
    expect(signing('linux', {})).toMatchObject({ args: [] });
  });
});
