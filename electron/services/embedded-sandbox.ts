/**
 * The built-in sandbox profile: the platform sandbox started in this process on loopback (random
 * ports), its state under `<dataDir>/sandbox` so its tokens and grants persist with the app's own,
 * and beside it the partner backend (embedded-backend.ts), configured for the sandbox's app, which
 * is this profile's token broker and Store, as a distributed app's backend would be.
 * Started when the app starts on the sandbox profile (or when the person switches to it), closed
 * with the app. Token lifetimes are measured on the sandbox's virtual clock, so advancing it (from
 * its console or /sandbox/clock/advance) expires the app's tokens as it expires the sandbox's.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../../common/log.js';
import type { HttpSend } from '../../platform-api/http.js';
import type { SandboxHandle, StartSandboxOptions } from '../../sandbox/index.js';
import { BrokerTokenEndpoint } from './auth/token-endpoint.js';
import type { PlatformRuntime } from './auth/runtime.js';
import { startEmbeddedBackend, type EmbeddedBackend, type StartEmbeddedBackend } from './embedded-backend.js';
import { REQUESTED_SCOPES } from './platform-profile.js';

export const SANDBOX_PROFILE_KEY = 'sandbox';
export const SANDBOX_CLIENT_KEY = 'sbx_draftdeck_desktop';

export type StartSandbox = (options: StartSandboxOptions) => Promise<SandboxHandle>;

export interface EmbeddedSandboxOptions {
  dataDir: string;
  log: Logger;
  http: HttpSend;
  /** The real startSandbox by default (imported lazily: a custom profile never loads it). */
  start?: StartSandbox;
  /** The real backend by default (embedded-backend.ts). */
  startBackend?: StartEmbeddedBackend;
}

/** The built-in profile's two servers: the platform sandbox and the partner backend in front of it. */
export interface EmbeddedPlatform {
  sandbox: SandboxHandle;
  backend: EmbeddedBackend;
}

export class EmbeddedSandbox {
  private sandboxStarting: Promise<SandboxHandle> | null = null;
  private starting: Promise<EmbeddedPlatform> | null = null;
  private sandboxHandle: SandboxHandle | null = null;
  private handle: EmbeddedPlatform | null = null;
  private failure: string | null = null;

  constructor(private readonly options: EmbeddedSandboxOptions) {}

  /**
   * The sandbox alone, starting it once (the backend's database, PGlite, takes seconds more to
   * open): what needs only the sandbox, such as its limits and its addresses, does not wait.
   */
  ensureSandbox(): Promise<SandboxHandle> {
    this.sandboxStarting ??= this.startSandbox().then(
      (handle) => {
        this.sandboxHandle = handle;
        return handle;
      },
      (error: unknown) => {
        this.sandboxStarting = null;
        throw this.failed(error);
      },
    );
    return this.sandboxStarting;
  }

  /** The running sandbox and backend, starting them once; a failed start is retried on the next call. */
  ensure(): Promise<EmbeddedPlatform> {
    this.starting ??= this.ensureSandbox()
      .then(async (sandbox) => {
        const startBackend = this.options.startBackend ?? startEmbeddedBackend;
        const backend = await startBackend({ sandbox, app: sandboxApp(sandbox), dataDir: join(this.options.dataDir, 'backend'), log: this.options.log.child({ part: 'backend' }), http: this.options.http });
        return { sandbox, backend };
      })
      .then(
        (handle) => {
          this.handle = handle;
          this.failure = null;
          return handle;
        },
        (error: unknown) => {
          this.starting = null;
          throw this.failed(error);
        },
      );
    return this.starting;
  }

  /** Both servers, once both run. */
  get running(): EmbeddedPlatform | null {
    return this.handle;
  }

  /** The sandbox, once it runs (the backend may still be starting). */
  get runningSandbox(): SandboxHandle | null {
    return this.sandboxHandle;
  }

  /** Why the last start failed, for the UI. */
  get problem(): string | null {
    return this.failure;
  }

  async close(): Promise<void> {
    const [starting, sandboxStarting] = [this.starting, this.sandboxStarting];
    this.starting = this.sandboxStarting = null;
    this.handle = this.sandboxHandle = null;
    const platform = await starting?.catch(() => null);
    await platform?.backend.close();
    const sandbox = await sandboxStarting?.catch(() => null);
    await sandbox?.close();
  }

  private failed(error: unknown): unknown {
    this.failure = error instanceof Error ? error.message : String(error);
    this.options.log.error({ err: error }, 'the embedded sandbox did not start');
    return error;
  }

  /**
   * Reuses the ports of the last run when they are free, so upload URLs persisted with a
   * half-sent draft still point at this sandbox after a restart; random ports otherwise.
   */
  private async startSandbox(): Promise<SandboxHandle> {
    const start = this.options.start ?? (await import('../../sandbox/index.js')).startSandbox;
    const dataDir = join(this.options.dataDir, 'sandbox');
    const portsFile = join(dataDir, 'ports.json');
    const last = await readFile(portsFile, 'utf8').then((text) => JSON.parse(text) as { port?: unknown; uploadPort?: unknown }, () => ({}) as { port?: unknown; uploadPort?: unknown });
    const remembered = { port: validPort(last.port), uploadPort: validPort(last.uploadPort) };
    let handle: SandboxHandle;
    try {
      handle = await start({ ...remembered, dataDir, logger: this.options.log });
    } catch (error) {
      if ((error as { code?: string }).code !== 'EADDRINUSE' || (remembered.port === 0 && remembered.uploadPort === 0)) throw error;
      handle = await start({ port: 0, uploadPort: 0, dataDir, logger: this.options.log });
    }
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    await writeFile(portsFile, JSON.stringify({ port: Number(new URL(handle.baseUrl).port), uploadPort: Number(new URL(handle.uploadBaseUrl).port) }), { mode: 0o600 });
    return handle;
  }
}

function validPort(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value > 1024 && value < 65536 ? value : 0;
}

/** The sandbox app the built-in profile signs in to. */
export function sandboxApp(handle: SandboxHandle) {
  const app = handle.config.apps.find((candidate) => candidate.client_key === SANDBOX_CLIENT_KEY) ?? handle.config.apps[0];
  if (!app) throw new Error('the sandbox config has no app');
  return app;
}

/**
 * The built-in profile on the running servers: the sandbox app's key, the embedded backend as its
 * token broker (the client secret stays in the backend), the sandbox's clock and its users' names.
 */
export function sandboxRuntime({ sandbox: handle, backend }: EmbeddedPlatform, http: HttpSend): PlatformRuntime {
  const app = sandboxApp(handle);
  return {
    key: SANDBOX_PROFILE_KEY,
    name: 'Built-in sandbox',
    kind: 'sandbox',
    baseUrl: handle.baseUrl,
    uploadBaseUrl: handle.uploadBaseUrl,
    authorizeUrl: `${handle.baseUrl}/v2/auth/authorize/`,
    clientKey: app.client_key,
    scopes: REQUESTED_SCOPES.filter((scope) => app.scopes.includes(scope)),
    secret: 'built_in',
    // Every token operation through the embedded backend, research's client token (op 12) too, as a
    // distributed app's go through its partner's broker: the app itself never sends the secret.
    tokens: new BrokerTokenEndpoint(http, { brokerUrl: backend.baseUrl, clientKey: app.client_key }),
    backendUrl: backend.baseUrl,
    clock: handle.clock,
    describeUser(openId) {
      const user = handle.config.users.find((candidate) => candidate.open_id === openId);
      return { displayName: user?.display_name ?? null, username: user?.username ?? null };
    },
  };
}
