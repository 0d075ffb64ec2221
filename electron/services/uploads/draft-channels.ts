/**
 * The drafts channels of the contract, on top of the upload service: where a new draft's file
 * comes from (a path the main process reads in Electron, a file streamed to the host in web mode).
 */
import { basename } from 'node:path';
import type { draftsChannels, Words } from '../../core/contract/index.js';
import type { HandlersFor } from '../../core/dispatcher.js';
import { refusal } from '../main-words.js';
import type { IncomingFiles } from './incoming-files.js';
import { probeVideoFile } from './video-probe-file.js';
import type { NewDraftFile, UploadService } from './upload-service.js';

/** Whether drafts can go to an account now; the reason in words when not. */
export type AccountCheck = (openId: string) => Words | null;

type FileSource = { kind: 'path'; path: string } | { kind: 'incoming'; fileId: string };

export function draftHandlers(uploads: UploadService, incoming: IncomingFiles, runtime: 'electron' | 'web', checkAccount: AccountCheck): HandlersFor<typeof draftsChannels> {
  /** The file a source names: a path only from the Electron window, else a file streamed to the host. */
  const pathOf = async (source: FileSource): Promise<string> => {
    // A web page must not make the host read arbitrary paths; only the Electron window may name one.
    if (source.kind === 'path') {
      if (runtime !== 'electron') throw refusal('path_not_allowed', 'file.drop_instead', { kind: 'file' });
      return source.path;
    }
    return incoming.pathOf(source.fileId);
  };
  /** Known before anything is sent: a missing scope is not discovered at upload time. */
  const checkAccounts = (openIds: readonly string[]) => {
    for (const openId of openIds) {
      const why = checkAccount(openId);
      if (why) throw refusal('account_unusable', why);
    }
  };

  return {
    'drafts.list': () => uploads.list(),
    'drafts.firstPage': ({ size }) => uploads.firstPage(size),
    'drafts.add': async ({ openId, openIds, files, duplicates }) => {
      const accounts = openIds ?? [openId!];
      checkAccounts(accounts);
      const resolved: NewDraftFile[] = [];
      const owned = uploads.ownedFiles();
      for (const file of files) {
        const filePath = await pathOf(file.source);
        if (file.source.kind === 'path') {
          resolved.push({ filePath, fileName: file.name || basename(filePath), mimeType: file.mimeType, durationMs: file.durationMs, ownsFile: false, thumbnail: file.thumbnail });
        } else {
          // One sent file, one call: the first of its drafts to reach the inbox deletes its copy.
          if (owned.has(filePath) || resolved.some((r) => r.filePath === filePath)) throw refusal('file_in_use', 'file.in_use', { name: file.name });
          resolved.push({ filePath, fileName: file.name, mimeType: file.mimeType, durationMs: file.durationMs, ownsFile: true, thumbnail: file.thumbnail });
        }
      }
      return uploads.add(accounts, resolved, { duplicates });
    },
    'drafts.duplicates': async ({ openIds, files }) => {
      const paths: string[] = [];
      for (const file of files) paths.push(await pathOf(file.source));
      return uploads.duplicatesOf(openIds, paths);
    },
    'drafts.probe': async ({ files }) => {
      const checks = [];
      for (const file of files) {
        const path = await pathOf(file.source);
        checks.push(
          await probeVideoFile(path).catch(() => {
            throw refusal('file_missing', 'file.unreadable', { name: file.name });
          }),
        );
      }
      return checks;
    },
    'drafts.addUrl': ({ openId, url }) => {
      const why = checkAccount(openId);
      if (why) throw refusal('account_unusable', why);
      return uploads.addUrl(openId, url);
    },
    'drafts.thumbnail': async ({ id }) => ({ dataUrl: await uploads.thumbnail(id) }),
    'drafts.pause': ({ id }) => uploads.pause(id),
    'drafts.resume': ({ id }) => uploads.resume(id),
    'drafts.cancel': ({ id }) => uploads.cancel(id),
    'drafts.retry': ({ id }) => uploads.retry(id),
    'drafts.remove': async ({ id }) => {
      await uploads.remove(id);
      return { removed: true as const };
    },
    'drafts.reorder': ({ ids }) => uploads.reorder(ids),
    'drafts.bulk': ({ ids, action }) => uploads.bulk(ids, action),
    'drafts.move': ({ ids, openId }) => {
      checkAccounts([openId]);
      return uploads.move(ids, openId);
    },
    'drafts.clearFinished': ({ openId }) => ({ removed: uploads.clearFinished(openId) }),
    'drafts.chooseFix': ({ id, choice }) => uploads.chooseFix(id, choice),
    'drafts.inboxPlaces': ({ openId }) => uploads.inboxPlaces(openId),
    'drafts.moveTargets': ({ ids, openIds }) => uploads.moveTargets(ids, openIds),
  };
}
