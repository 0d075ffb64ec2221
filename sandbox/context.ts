/**
 * What every sandbox module gets: the config, the virtual clock, the state store, chaos, the
 * logger and the sandbox's own URLs. A module is a set of routes (on the API server and/or the
 * upload host), an optional console section, and optional start/stop hooks; part 2 (payments,
 * webhooks, research) plugs in by adding modules to sandbox/modules.ts, nothing else.
 */
import type { OffsetClock } from '../common/clock.js';
import type { Logger } from '../common/log.js';
import type { Chaos } from './chaos.js';
import type { SandboxApp, SandboxConfig, SandboxUser } from './config.js';
import type { Route } from '../server-kit/http/router.js';
import type { SandboxState } from './state/sandbox-state.js';

export interface SandboxUrls {
  baseUrl: string;
  uploadBaseUrl: string;
  /** Where the sandbox serves its sample media; verified for the default app. Ends with `/`. */
  mediaBaseUrl: string;
  consoleUrl: string;
}

export interface SandboxContext {
  /** The effective config (run-time placeholders resolved). Set before the first request. */
  config: SandboxConfig;
  readonly clock: OffsetClock;
  readonly state: SandboxState;
  readonly chaos: Chaos;
  readonly logger: Logger;
  urls: SandboxUrls;
  /** Directory for uploaded and downloaded media. */
  readonly filesDir: string;
}

export interface SandboxModule {
  name: string;
  apiRoutes?(): Route[];
  uploadRoutes?(): Route[];
  /** An HTML fragment (a `<section>`) for the console page; must escape what it shows. */
  consoleSection?(): string;
  /** Runs once the servers listen and ctx.urls/config are final (e.g. resume downloads). */
  start?(): Promise<void> | void;
  /** Runs on close, before the state is flushed (e.g. abort downloads). */
  stop?(): Promise<void> | void;
}

export type SandboxModuleFactory = (ctx: SandboxContext) => SandboxModule;

export function findApp(ctx: SandboxContext, clientKey: string): SandboxApp | undefined {
  return ctx.config.apps.find((app) => app.client_key === clientKey);
}

export function findUser(ctx: SandboxContext, openId: string): SandboxUser | undefined {
  return ctx.config.users.find((user) => user.open_id === openId);
}
