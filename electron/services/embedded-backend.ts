/**
 * The partner backend embedded for the built-in sandbox profile: the same server a partner runs
 * (backend/), in this process on a free loopback port, its PGlite database under
 * `<dataDir>/backend`, configured for the sandbox's app (client key and secret, redirect URIs, the
 * sandbox's catalog), with its clock following the sandbox's virtual clock. The sandbox app's
 * webhook URL is pointed at it at every start, so payments made on the sandbox's payment page
 * reach it. The app then uses it exactly as a distributed app uses its partner's backend: as the
 * token broker (so the client secret is only here, in the backend's config, never in sign-in)
 * and as the Store.
 */
import { mkdir } from 'node:fs/promises';
import type { Logger } from '../../common/log.js';
import type { HttpSend } from '../../platform-api/http.js';
import type { SandboxApp, SandboxHandle } from '../../sandbox/index.js';

export interface EmbeddedBackend {
  baseUrl: string;
  close(): Promise<void>;
}

export interface StartEmbeddedBackendOptions {
  sandbox: SandboxHandle;
  /** The sandbox app the built-in profile signs in to, which the backend serves. */
  app: SandboxApp;
  dataDir: string;
  log: Logger;
  http: HttpSend;
}

export type StartEmbeddedBackend = (options: StartEmbeddedBackendOptions) => Promise<EmbeddedBackend>;

export const startEmbeddedBackend: StartEmbeddedBackend = async ({ sandbox, app, dataDir, log, http }) => {
  // Imported lazily: a custom profile never loads the backend (nor PGlite).
  const { startBackend, parseBackendConfig, SANDBOX_CATALOG } = await import('../../backend/index.js');
  ownerOnlyFromNowOn();
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const config = parseBackendConfig({
    platform: { base_url: sandbox.baseUrl, client_key: app.client_key, client_secret: app.client_secret, sandbox: true },
    catalog: SANDBOX_CATALOG,
    redirect_uris: app.redirect_uris,
  });
  const backend = await startBackend({ host: '127.0.0.1', port: 0, config, dataDir, logger: log, clock: sandbox.clock });
  try {
    await pointWebhooksAt(http, sandbox.baseUrl, app.client_key, `${backend.baseUrl}${config.webhook_path}`);
  } catch (error) {
    await backend.close();
    throw error;
  }
  return backend;
};

/** The sandbox's run-time webhook setting (sandbox/README "Sandbox extras API"). */
async function pointWebhooksAt(http: HttpSend, sandboxUrl: string, clientKey: string, webhookUrl: string): Promise<void> {
  const answer = await http({ method: 'PUT', url: `${sandboxUrl}/sandbox/apps/${encodeURIComponent(clientKey)}/webhook`, json: { url: webhookUrl } });
  if (!answer.ok) throw new Error(`the sandbox's webhook URL could not be set: ${answer.error.message}`);
  if (answer.value.status !== 200) throw new Error(`the sandbox's webhook URL could not be set: HTTP ${answer.value.status}`);
}

/**
 * Everything in the data dir is the owner's alone (docs/ARCHITECTURE.md, README "Files at rest"),
 * and the app's own writers pass mode 0600. PGlite cannot: its WebAssembly file system creates
 * the database's files and folders with the default modes (0644, 0755), also later, as the
 * database grows. The process umask is the one setting that reaches those files.
 */
function ownerOnlyFromNowOn(): void {
  if (process.platform !== 'win32') process.umask(0o077);
}
