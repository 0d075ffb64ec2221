/** The app's own channels: what it is and where it runs, and opening a vetted link outside it. */
import { isHttpsOrLoopback } from '../../common/url-policy.js';
import type { AppInfo, appChannels } from '../core/contract/index.js';
import type { HandlersFor } from '../core/dispatcher.js';
import { refusal } from './main-words.js';

export interface AppChannelDeps {
  version: string;
  runtime: AppInfo['runtime'];
  /** The OS's preferred languages (Electron's app.getPreferredSystemLanguages); web mode has none: the page reads its browser's. */
  systemLanguages?: () => readonly string[];
  /** The embedded sandbox's URLs while the built-in profile is active. */
  sandboxInfo(): AppInfo['sandbox'];
  /** The host's way of opening a link; false when it leaves that to the renderer (web mode). */
  openExternal(url: string): Promise<boolean>;
}

export function appHandlers(deps: AppChannelDeps): HandlersFor<typeof appChannels> {
  return {
    'app.info': () => ({ name: 'Draftdeck', version: deps.version, runtime: deps.runtime, os: process.platform, languages: (deps.systemLanguages?.() ?? []).slice(0, 32).filter((tag) => tag.length <= 64), sandbox: deps.sandboxInfo() }),
    'shell.openExternal': async ({ url }) => {
      if (!isHttpsOrLoopback(url)) throw refusal('unsafe_url', 'link.unsafe');
      return { opened: await deps.openExternal(url) };
    },
  };
}
