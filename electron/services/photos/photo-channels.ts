/**
 * The photos channels of the contract: where dropped images come from (a path the main process
 * reads in Electron, a file streamed to the host in web mode), on top of the photo service.
 */
import { basename } from 'node:path';
import type { photosChannels, Words } from '../../core/contract/index.js';
import type { HandlersFor } from '../../core/dispatcher.js';
import { refusal } from '../main-words.js';
import type { IncomingFiles } from '../uploads/ports.js';
import type { PhotoService } from './photo-service.js';

export function photoHandlers(photos: PhotoService, incoming: IncomingFiles, runtime: 'electron' | 'web', checkAccount: (openId: string) => Words | null): HandlersFor<typeof photosChannels> {
  return {
    'photos.prepare': async ({ files }) => {
      const resolved: { path: string; name: string }[] = [];
      for (const file of files) {
        if (file.source.kind === 'path') {
          // A web page must not make the host read arbitrary paths; only the Electron window may name one.
          if (runtime !== 'electron') throw refusal('path_not_allowed', 'file.drop_instead', { kind: 'photos' });
          resolved.push({ path: file.source.path, name: file.name || basename(file.source.path) });
        } else {
          resolved.push({ path: await incoming.pathOf(file.source.fileId), name: file.name });
        }
      }
      const prepared = await photos.prepare(resolved);
      // Streamed copies of the originals are not needed once prepared.
      for (const file of files) if (file.source.kind === 'incoming') await incoming.discard(file.source.fileId);
      return prepared;
    },
    'photos.post': ({ openIds, posts }) => photos.post(openIds, posts, checkAccount),
    'photos.setS3Keys': (keys) => photos.setS3Keys(keys),
    'photos.s3KeysStatus': () => Promise.resolve(photos.s3KeysStatus()),
    'photos.testS3': ({ host: { kind: _kind, ...config } }) => photos.testS3(config),
  };
}
