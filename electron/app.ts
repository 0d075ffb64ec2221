/**
 * The composition root shared by both runtimes: builds the services on top of what the host
 * provides (storage, logger, how to open a link) and turns them into the contract's handlers.
 * electron/main.ts and electron/web.ts differ only in what they pass here and how they carry
 * the dispatcher and the event hub to the renderer.
 */
import { join } from 'node:path';
import { systemClock, type Clock } from '../common/clock.js';
import type { Logger } from '../common/log.js';
import { isHttpsOrLoopback } from '../common/url-policy.js';
import { createDispatcher, type Dispatch, type Handlers } from './ipc/dispatcher.js';
import { EventHub } from './ipc/event-hub.js';
import { AppError } from './ipc/result.js';
import { SettingsService } from './services/settings.js';
import type { KeyValueStore } from './services/storage.js';
import { createHttpClient } from './api/http.js';
import { createPublishApi } from './api/publish.js';
import { IncomingFiles } from './services/uploads/incoming-files.js';
import { UploadService } from './services/uploads/upload-service.js';
import { draftHandlers } from './services/uploads/draft-channels.js';
import type { TokenSource } from './services/uploads/ports.js';

export interface AppHost {
  runtime: 'electron' | 'web';
  version: string;
  store: KeyValueStore;
  /** Where the app keeps its files (queue journal, incoming files, vault, embedded sandbox state). */
  dataDir: string;
  log: Logger;
  clock?: Clock;
  /** Opens a vetted URL outside the app; false when the host leaves that to the renderer. */
  openExternal(url: string): Promise<boolean>;
}

export interface App {
  dispatch: Dispatch;
  hub: EventHub;
  /** Web mode streams dropped files here. */
  incoming: IncomingFiles;
  close(): Promise<void>;
}

export async function createApp(host: AppHost): Promise<App> {
  const hub = new EventHub();
  const clock = host.clock ?? systemClock;
  const settings = new SettingsService(host.store, hub, host.log.child({ service: 'settings' }));
  const send = createHttpClient({ log: host.log.child({ layer: 'http' }) });
  // Until sign-in lands, no account can lend a token: drafts wait with this reason.
  const tokens: TokenSource = {
    withAccessToken: async () => {
      throw new AppError('no_account', 'Sign in to an account to send drafts');
    },
  };
  const incoming = new IncomingFiles(join(host.dataDir, 'incoming'));
  const uploads = new UploadService({
    dataDir: host.dataDir,
    clock,
    hub,
    log: host.log.child({ service: 'uploads' }),
    tokens,
    publish: createPublishApi(send, () => ''),
    concurrency: () => settings.get().uploads.concurrency,
  });
  settings.onChange((next, previous) => {
    if (next.uploads.concurrency !== previous.uploads.concurrency) uploads.setConcurrencyChanged();
  });
  uploads.start();

  const handlers: Handlers = {
    'app.info': () => ({ name: 'Draftdeck', version: host.version, runtime: host.runtime, os: process.platform, sandbox: null }),
    'settings.get': () => settings.get(),
    'settings.set': (patch) => settings.set(patch),
    'shell.openExternal': async ({ url }) => {
      if (!isHttpsOrLoopback(url)) throw new AppError('unsafe_url', 'Only https links can be opened');
      return { opened: await host.openExternal(url) };
    },
    ...draftHandlers(uploads, incoming, host.runtime),
  };

  return {
    dispatch: createDispatcher(handlers, host.log.child({ layer: 'ipc' })),
    hub,
    incoming,
    async close() {
      await uploads.close();
    },
  };
}
