/**
 * The backend as a platform sandbox's partner (`npm run backend -- --sandbox URL`): the config is
 * read from the sandbox it serves rather than written by hand — the app's keys and redirect URIs
 * from the sandbox's own API, the sandbox's catalog — and once it listens, the sandbox's webhook
 * URL for that app is pointed at it, so payments made on the sandbox's payment page reach it.
 * This is how the desktop app's built-in profile runs it, as a program beside the sandbox that it
 * knows only by address.
 */
import { readSandboxApp, setSandboxWebhook } from '../platform-api/sandbox-extras.js';
import type { HttpSend } from '../platform-api/http.js';
import { parseBackendConfig, SANDBOX_CATALOG, type BackendConfig } from './config.js';

export async function configForSandbox(http: HttpSend, sandboxUrl: string, clientKey: string): Promise<BackendConfig> {
  const app = await readSandboxApp(http, sandboxUrl, clientKey);
  if (!app.ok) throw new Error(`the sandbox at ${sandboxUrl} did not give the app ${clientKey}: ${app.error.message}`);
  return parseBackendConfig({
    platform: { base_url: sandboxUrl, client_key: app.value.client_key, client_secret: app.value.client_secret, sandbox: true },
    catalog: SANDBOX_CATALOG,
    redirect_uris: app.value.redirect_uris,
  });
}

export async function pointSandboxWebhooksAt(http: HttpSend, config: BackendConfig, webhookUrl: string): Promise<void> {
  const answer = await setSandboxWebhook(http, config.platform.base_url, config.platform.client_key, webhookUrl);
  if (!answer.ok) throw new Error(`the sandbox's webhook URL could not be set: ${answer.error.message}`);
}
