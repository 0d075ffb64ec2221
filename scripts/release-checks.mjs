// What `npm run dist` and `npm run release` (scripts/dist.mjs) decide before electron-builder
// runs: the update feed the installers are built with, and whether (and how) they are signed.
// Pure functions of the environment, so test/unit/scripts/release-checks.test.ts checks them.

/** The feed electron-builder.yml names; DRAFTDECK_UPDATE_URL builds installers for another. */
export const DEFAULT_UPDATE_URL = 'https://updates.draftdeck.app/';

/**
 * The update feed for this build: DRAFTDECK_UPDATE_URL or the default, https and a real host (a
 * placeholder such as *.invalid or example.com would leave every installed copy without updates).
 * @returns {{ url: string } | { problem: string }}
 */
export function releaseFeed(env) {
  const raw = env.DRAFTDECK_UPDATE_URL?.trim() || DEFAULT_UPDATE_URL;
  let url;
  try {
    url = new URL(raw);
  } catch {
    return { problem: `DRAFTDECK_UPDATE_URL is not a URL: ${raw}` };
  }
  if (url.protocol !== 'https:') return { problem: `The update feed must use https: ${raw}` };
  if (/(^|\.)(invalid|example|test|localhost)$/.test(url.hostname) || /(^|\.)example\.(com|org|net)$/.test(url.hostname)) return { problem: `The update feed is a placeholder: ${raw}` };
  return { url: url.href.endsWith('/') ? url.href : `${url.href}/` };
}

const has = (env, ...names) => names.every((name) => typeof env[name] === 'string' && env[name].trim() !== '');

/**
 * How this OS's installers get signed, as electron-builder arguments (`-c.` overrides of
 * electron-builder.yml; no secret is ever an argument: those stay in the environment electron-builder
 * reads), or why they cannot be. Linux packages carry no signature.
 * @returns {{ args: string[], how: string } | { problem: string }}
 */
export function signing(platform, env) {
  if (platform === 'darwin') {
    const identity = has(env, 'CSC_LINK') || has(env, 'CSC_NAME');
    const notarize = has(env, 'APPLE_API_KEY', 'APPLE_API_KEY_ID', 'APPLE_API_ISSUER') || has(env, 'APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID') || has(env, 'APPLE_KEYCHAIN_PROFILE');
    if (!identity) return { problem: 'No Developer ID certificate: set CSC_LINK + CSC_KEY_PASSWORD (or CSC_NAME for one in the keychain)' };
    if (!notarize) return { problem: 'No notarization credentials: set APPLE_API_KEY + APPLE_API_KEY_ID + APPLE_API_ISSUER (or APPLE_ID + APPLE_APP_SPECIFIC_PASSWORD + APPLE_TEAM_ID)' };
    return { args: [], how: 'Developer ID, notarized' };
  }
  if (platform === 'win32') {
    const publisher = env.DRAFTDECK_WIN_PUBLISHER?.trim();
    // A cloud HSM through Azure Trusted Signing: electron-builder's azureSignOptions; Entra ID
    // credentials (AZURE_TENANT_ID, AZURE_CLIENT_ID, AZURE_CLIENT_SECRET) stay in the environment.
    if (has(env, 'DRAFTDECK_AZURE_ENDPOINT', 'DRAFTDECK_AZURE_ACCOUNT', 'DRAFTDECK_AZURE_PROFILE')) {
      if (!publisher) return { problem: 'Azure Trusted Signing needs DRAFTDECK_WIN_PUBLISHER: the publisher name exactly as in the certificate (installed copies check updates against it)' };
      if (!has(env, 'AZURE_TENANT_ID', 'AZURE_CLIENT_ID')) return { problem: 'Azure Trusted Signing needs Entra ID credentials: AZURE_TENANT_ID, AZURE_CLIENT_ID and AZURE_CLIENT_SECRET (or a certificate or username and password)' };
      return {
        how: 'Azure Trusted Signing',
        args: [`-c.win.azureSignOptions.endpoint=${env.DRAFTDECK_AZURE_ENDPOINT}`, `-c.win.azureSignOptions.codeSigningAccountName=${env.DRAFTDECK_AZURE_ACCOUNT}`, `-c.win.azureSignOptions.certificateProfileName=${env.DRAFTDECK_AZURE_PROFILE}`, `-c.win.azureSignOptions.publisherName=${publisher}`],
      };
    }
    // Any other HSM: a module electron-builder calls for each file (signtoolOptions.sign).
    if (has(env, 'DRAFTDECK_WIN_SIGN_HOOK')) {
      if (!publisher) return { problem: 'A sign hook needs DRAFTDECK_WIN_PUBLISHER: the publisher name exactly as in the certificate' };
      return { how: 'the sign hook', args: [`-c.win.signtoolOptions.sign=${env.DRAFTDECK_WIN_SIGN_HOOK}`, `-c.win.signtoolOptions.publisherName=${publisher}`] };
    }
    if (has(env, 'WIN_CSC_LINK') || has(env, 'CSC_LINK')) return { args: [], how: 'a certificate file' };
    return { problem: 'No Windows signing: set DRAFTDECK_AZURE_ENDPOINT + DRAFTDECK_AZURE_ACCOUNT + DRAFTDECK_AZURE_PROFILE (Azure Trusted Signing), DRAFTDECK_WIN_SIGN_HOOK, or WIN_CSC_LINK, with DRAFTDECK_WIN_PUBLISHER' };
  }
  return { args: [], how: 'unsigned (Linux packages carry no signature)' };
}
