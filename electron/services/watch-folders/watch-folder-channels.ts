/** The watchFolders channels of the contract, on top of the watch folder service. */
import type { watchFoldersChannels } from '../../core/contract/index.js';
import type { HandlersFor } from '../../core/dispatcher.js';
import type { WatchFolderService } from './watch-folder-service.js';

export function watchFolderHandlers(service: WatchFolderService): HandlersFor<typeof watchFoldersChannels> {
  return {
    'watchFolders.list': () => service.list(),
    'watchFolders.add': ({ openId, path }) => service.add(openId, path),
    'watchFolders.setPaused': ({ id, paused }) => service.setPaused(id, paused),
    'watchFolders.remove': async ({ id }) => {
      await service.remove(id);
      return { removed: true as const };
    },
  };
}
