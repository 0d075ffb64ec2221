/**
 * The composition root shared by both runtimes: builds the services on top of what the host
 * provides (storage, logger, how to open a link) and turns them into the contract's handlers.
 * electron/main.ts and electron/web.ts differ only in what they pass here and how they carry
 * the dispatcher and the event hub to the renderer.
 */
import type { Logger } from '../common/log.js';
import { isHttpsOrLoopback } from '../common/url-policy.js';
import { createDispatcher, type Dispatch, type Handlers } from './ipc/dispatcher.js';
import { EventHub } from './ipc/event-hub.js';
import { AppError } from './ipc/result.js';
import { SettingsService } from './services/settings.js';
import type { KeyValueStore } from './services/storage.js';

export interface AppHost {
  runtime: 'electron' | 'web';
  version: string;
  store: KeyValueStore;
  log: Logger;
  /** Opens a vetted URL outside the app; false when the host leaves that to the renderer. */
  openExternal(url: string): Promise<boolean>;
}

export interface App {
  dispatch: Dispatch;
  hub: EventHub;
  close(): Promise<void>;
}

export async function createApp(host: AppHost): Promise<App> {
  const hub = new EventHub();
  const settings = new SettingsService(host.store, hub, host.log.child({ service: 'settings' }));

  const handlers: Handlers = {
    'app.info': () => ({ name: 'Draftdeck', version: host.version, runtime: host.runtime, os: process.platform, sandbox: null }),
    'settings.get': () => settings.get(),
    'settings.set': (patch) => settings.set(patch),
    'shell.openExternal': async ({ url }) => {
      if (!isHttpsOrLoopback(url)) throw new AppError('unsafe_url', 'Only https links can be opened');
      return { opened: await host.openExternal(url) };
    },
  };

  return {
    dispatch: createDispatcher(handlers, host.log.child({ layer: 'ipc' })),
    hub,
    async close() {},
  };
}
