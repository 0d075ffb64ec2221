/**
 * The app's services in this process, exactly as a host builds them (createApp), on a temp data
 * dir, with the built-in platform's programs started on random ports. Tests call channels through the same
 * dispatcher the renderer reaches, and see the same event batches.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type App, type AppHost } from '../../electron/app.js';
import type { ChannelInput, ChannelName, ChannelOutput, EventMessage, EventName, EventPayload } from '../../electron/core/contract/index.js';
import { createConfStorage } from '../../electron/services/storage.js';
import { builtinPlatform, waitForSandboxUrl } from './builtin-platform.js';
import { approveConsent } from './consent-browser.js';
import { seedEmbeddedBackend } from './seed-backend.js';
import { memoryLogger } from './silent-log.js';
import { TEST_TIMING } from './test-timing.js';

export interface AppHarness {
  app: App;
  dataDir: string;
  events: EventMessage[];
  logLines: string[];
  call<C extends ChannelName>(channel: C, input?: ChannelInput<C>): Promise<ChannelOutput<C>>;
  waitForEvent<E extends EventName>(name: E, predicate: (payload: EventPayload<E>) => boolean, timeoutMs?: number): Promise<EventPayload<E>>;
  signIn(openId: string): Promise<void>;
  /** Base URL of the embedded sandbox (for its /sandbox/ extras). */
  sandboxUrl(): Promise<string>;
  close(options?: { keepData?: boolean }): Promise<void>;
}

export async function startAppHarness(options: { dataDir?: string; host?: Partial<AppHost> } = {}): Promise<AppHarness> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'dd-app-'));
  await seedEmbeddedBackend(dataDir);
  const { log, lines } = memoryLogger();
  const app = await createApp({ runtime: 'web', version: '0.0.0-test', storage: createConfStorage(dataDir), dataDir, log, openExternal: async () => false, builtinPlatform: builtinPlatform(), timing: TEST_TIMING, ...options.host });
  const events: EventMessage[] = [];
  const waiters = new Set<() => void>();
  app.hub.subscribe((batch) => {
    events.push(...batch);
    for (const wake of waiters) wake();
  });

  async function call<C extends ChannelName>(channel: C, input?: ChannelInput<C>): Promise<ChannelOutput<C>> {
    const result = await app.dispatch(channel, input);
    if (!result.ok) throw Object.assign(new Error(`${channel}: ${result.error.code}: ${result.error.message}`), { code: result.error.code });
    return result.value as ChannelOutput<C>;
  }

  function waitForEvent<E extends EventName>(name: E, predicate: (payload: EventPayload<E>) => boolean, timeoutMs = 60_000): Promise<EventPayload<E>> {
    return new Promise((resolve, reject) => {
      let seen = 0;
      const check = () => {
        for (; seen < events.length; seen++) {
          const event = events[seen]!;
          if (event.name === name && predicate(event.payload as EventPayload<E>)) {
            cleanup();
            return resolve(event.payload as EventPayload<E>);
          }
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no ${name} event matched within ${timeoutMs} ms`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  }

  return {
    app,
    dataDir,
    events,
    logLines: lines,
    call,
    waitForEvent,
    async signIn(openId) {
      const started = await call('accounts.signIn.start');
      const finished = waitForEvent('signIn.finished', (event) => event.flowId === started.flowId);
      await approveConsent(started.authorizeUrl, openId);
      const result = await finished;
      if (!result.ok) throw new Error(`sign-in failed: ${result.error.code}`);
    },
    sandboxUrl: () => waitForSandboxUrl(() => call('app.info')),
    async close({ keepData = false } = {}) {
      await app.close();
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
