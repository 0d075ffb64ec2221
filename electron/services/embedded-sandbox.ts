/**
 * The built-in sandbox profile: the platform sandbox started in this process on loopback (random
 * ports), its state under `<dataDir>/sandbox` so its tokens and grants persist with the app's own.
 * Started when the app starts on the sandbox profile (or when the person switches to it), closed
 * with the app. Token lifetimes are measured on the sandbox's virtual clock, so advancing it (from
 * its console or /sandbox/clock/advance) expires the app's tokens as it expires the sandbox's.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../../common/log.js';
import type { HttpSend } from '../api/http.js';
import type { SandboxHandle, StartSandboxOptions } from '../../sandbox/index.js';
import { DirectTokenEndpoint } from './auth/token-endpoint.js';
import type { PlatformRuntime } from './auth/runtime.js';
import { REQUESTED_SCOPES } from './platform-profile.js';

export const SANDBOX_PROFILE_KEY = 'sandbox';
export const SANDBOX_CLIENT_KEY = 'sbx_draftdeck_desktop';

export type StartSandbox = (options: StartSandboxOptions) => Promise<SandboxHandle>;

export interface EmbeddedSandboxOptions {
  dataDir: string;
  log: Logger;
  /** The real startSandbox by default (imported lazily: a custom profile never loads it). */
  start?: StartSandbox;
}

export class EmbeddedSandbox {
  private starting: Promise<SandboxHandle> | null = null;
  private handle: SandboxHandle | null = null;
  private failure: string | null = null;

  constructor(private readonly options: EmbeddedSandboxOptions) {}

  /** The running sandbox, starting it once; a failed start is retried on the next call. */
  ensure(): Promise<SandboxHandle> {
    this.starting ??= this.start().then(
      (handle) => {
        this.handle = handle;
        this.failure = null;
        return handle;
      },
      (error: unknown) => {
        this.starting = null;
        this.failure = error instanceof Error ? error.message : String(error);
        this.options.log.error({ err: error }, 'the embedded sandbox did not start');
        throw error;
      },
    );
    return this.starting;
  }

  get running(): SandboxHandle | null {
    return this.handle;
  }

  /** Why the last start failed, for the UI. */
  get problem(): string | null {
    return this.failure;
  }

  async close(): Promise<void> {
    const starting = this.starting;
    this.starting = null;
    this.handle = null;
    if (!starting) return;
    const handle = await starting.catch(() => null);
    await handle?.close();
  }

  /**
   * Reuses the ports of the last run when they are free, so upload URLs persisted with a
   * half-sent draft still point at this sandbox after a restart; random ports otherwise.
   */
  private async start(): Promise<SandboxHandle> {
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

/** The built-in profile on a running sandbox: its default app's key and secret, its clock, its users' names. */
export function sandboxRuntime(handle: SandboxHandle, http: HttpSend): PlatformRuntime {
  const app = handle.config.apps.find((candidate) => candidate.client_key === SANDBOX_CLIENT_KEY) ?? handle.config.apps[0];
  if (!app) throw new Error('the sandbox config has no app');
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
    // The sandbox's secret is in its config ("local only, not confidential"); it still never leaves this process.
    tokens: new DirectTokenEndpoint(http, { baseUrl: handle.baseUrl, clientKey: app.client_key, clientSecret: () => app.client_secret, profileName: 'Built-in sandbox' }),
    clock: handle.clock,
    describeUser(openId) {
      const user = handle.config.users.find((candidate) => candidate.open_id === openId);
      return { displayName: user?.display_name ?? null, username: user?.username ?? null };
    },
  };
}
