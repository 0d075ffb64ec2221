/**
 * Sign-in against a REAL platform sandbox on random ports: the accounts service wired as the app
 * wires it (vault on disk, settings, event hub), and a "browser" that follows the consent form
 * over HTTP — GET the page, submit its form with a user and a decision, hand the 302 to the
 * loopback listener — exactly as a person's browser would.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Logger } from '../../common/log.js';
import { createHttpClient, type HttpSend } from '../../platform-api/http.js';
import { createPublishApi } from '../../platform-api/publish.js';
import type { EventMessage } from '../../electron/core/contract/index.js';
import { EventHub } from '../../electron/transports/event-hub.js';
import { AccountsService } from '../../electron/services/accounts/accounts-service.js';
import { tokenEntry, type StoredTokens } from '../../electron/services/accounts/token-manager.js';
import { BuiltinPlatform } from '../../electron/services/builtin-platform/builtin-platform.js';
import { SettingsService } from '../../electron/services/settings.js';
import { createMemoryStorage, type KeyValueStorage } from '../../electron/services/storage.js';
import { openKeyFileCipher } from '../../electron/services/vault/key-file-cipher.js';
import { Vault } from '../../electron/services/vault/vault.js';
import { parseSandboxConfig, startSandbox, type SandboxHandle } from '../../sandbox/index.js';
import { memoryLogger } from './silent-log.js';
import { consent, deliver, type ConsentChoice } from './consent-browser.js';
import { seedEmbeddedBackend } from './seed-backend.js';
import { attachedSandboxLauncher, builtinPlatform } from './builtin-platform.js';

export { consent, deliver };

/** Limits high enough that a test's burst of status calls is never rate limited. */
export const TEST_SANDBOX_CONFIG = parseSandboxConfig({ limits: { status_per_minute: 100_000, init_per_minute: 100_000 } });

export function startTestSandbox(log: Logger): Promise<SandboxHandle> {
  return startSandbox({ port: 0, uploadPort: 0, config: TEST_SANDBOX_CONFIG, logger: log });
}

export interface Harness {
  sandbox: SandboxHandle;
  accounts: AccountsService;
  /** Switches profiles as the app's settings.set does. */
  settings: SettingsService;
  vault: Vault;
  hub: EventHub;
  events: EventMessage[];
  dataDir: string;
  storage: KeyValueStorage;
  lines: string[];
  log: Logger;
  http: HttpSend;
  /** Refresh grants the app sent to the platform. */
  refreshes(): number;
  tokensOf(openId: string): StoredTokens | null;
  /** The app quits: its services and its embedded backend close; the sandbox and the data dir stay. */
  stop(): Promise<void>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  sandbox?: SandboxHandle;
  signInTimeoutMs?: number;
  /** The app measures token lifetimes on its own clock instead of the sandbox's (it cannot see expiry coming). */
  separateClock?: boolean;
  dataDir?: string;
  storage?: KeyValueStorage;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const { log, lines } = memoryLogger();
  const sandbox = options.sandbox ?? (await startTestSandbox(log));
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'dd-auth-'));
  await seedEmbeddedBackend(dataDir);
  const storage = options.storage ?? createMemoryStorage();
  const hub = new EventHub(0);
  const events: EventMessage[] = [];
  const unsubscribe = hub.subscribe((batch) => events.push(...batch));
  const settings = new SettingsService(storage, hub, log);
  const vault = await Vault.open({ dataDir, cipher: openKeyFileCipher(dataDir), storage, log });
  let refreshes = 0;
  const send = createHttpClient({ log });
  const http: HttpSend = (request) => {
    if (request.form?.grant_type === 'refresh_token') refreshes++;
    return send(request);
  };
  // The harness owns the sandbox (or the test does): the app's built-in platform only borrows it,
  // and starts the real backend program in front of it.
  const embedded = new BuiltinPlatform({ dataDir, log, http: send, ...builtinPlatform({ launch: attachedSandboxLauncher(sandbox) }), followSandboxClock: !options.separateClock });
  const accounts = new AccountsService({ settings, vault, storage, sandbox: embedded, http, hub, log, openExternal: async () => false, signInTimeoutMs: options.signInTimeoutMs });
  accounts.start();
  const stop = async () => {
    unsubscribe();
    await accounts.close();
    await embedded.close();
  };
  return {
    sandbox,
    accounts,
    settings,
    vault,
    hub,
    events,
    dataDir,
    storage,
    lines,
    log,
    http,
    refreshes: () => refreshes,
    tokensOf: (openId) => {
      const raw = vault.get(tokenEntry('sandbox', openId));
      return raw === undefined ? null : (JSON.parse(raw) as StoredTokens);
    },
    stop,
    async close() {
      await stop();
      if (!options.sandbox) await sandbox.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A whole "Add account" as a person does it; answers what the app reported at the end. */
export async function signIn(harness: Harness, choice: ConsentChoice = {}) {
  const started = await harness.accounts.startSignIn();
  const location = await consent(started.authorizeUrl, choice);
  const page = await deliver(location);
  const outcome = await started.outcome;
  return { started, location, page, outcome };
}

/** Op 6 with a made-up publish id: a live token gets invalid_publish_id, a dead one access_token_invalid. */
export function probe(harness: Harness) {
  const publish = createPublishApi(harness.http);
  return (accessToken: string) => publish.fetchStatus(harness.sandbox.baseUrl, accessToken, 'v_inbox_file~v2.1234567890123456789');
}

export async function advanceSandboxClock(sandbox: SandboxHandle, seconds: number): Promise<void> {
  const answer = await fetch(`${sandbox.baseUrl}/sandbox/clock/advance`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ seconds }) });
  expect(answer.status).toBe(200);
}

export async function appsOf(sandbox: SandboxHandle, openId: string): Promise<Array<{ client_key: string; scopes: string[] }>> {
  const answer = await fetch(`${sandbox.baseUrl}/sandbox/users/${encodeURIComponent(openId)}/apps`);
  const body = (await answer.json()) as { data: { apps: Array<{ client_key: string; scopes: string[] }> } };
  return body.data.apps;
}
