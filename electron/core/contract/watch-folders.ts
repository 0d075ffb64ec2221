/**
 * Watch folders: a folder per account whose new videos become drafts by themselves. The page
 * names a folder by typing its path (both runtimes) or, in Electron, asks the main process to
 * show the system's folder picker (`path: null`); the main process validates every path.
 */
import { z } from 'zod';
import { NoInput, type ChannelTable, type EventTable, type ContractDocs } from './table.js';
import { Words } from './words.js';

export const WatchFolderView = z.object({
  id: z.string(),
  openId: z.string(),
  path: z.string(),
  paused: z.boolean(),
  /** watching; paused by the person; unavailable (the folder is gone or unreadable: `problem` says why, and it is looked at again each interval). */
  state: z.enum(['watching', 'paused', 'unavailable']),
  /** In English; `problemWords` the same for the window to say in its language. */
  problem: z.string().nullable(),
  problemWords: Words.nullable(),
  /** Files taken as drafts since the folder was added. */
  taken: z.number(),
  lastTaken: z.object({ fileName: z.string(), at: z.number() }).nullable(),
  /** Videos seen that are still being written (size or mtime still changing). */
  growing: z.number(),
  /** The latest files it did not take, and why (duplicate content, too large, the account cannot receive drafts). */
  skipped: z.array(z.object({ fileName: z.string(), reason: z.string(), reasonWords: Words, at: z.number() })),
});
export type WatchFolderView = z.infer<typeof WatchFolderView>;

const FolderId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

export const watchFoldersChannels = {
  'watchFolders.list': { input: NoInput, output: z.array(WatchFolderView) },
  /** `path`: an absolute folder path typed by the person; null: choose it with the system's folder picker (Electron). Null answer: the picker was cancelled. */
  'watchFolders.add': {
    input: z.object({ openId: z.string().min(1).max(200), path: z.string().trim().min(1).max(4096).nullable() }).strict(),
    output: WatchFolderView.nullable(),
  },
  'watchFolders.setPaused': { input: z.object({ id: FolderId, paused: z.boolean() }).strict(), output: WatchFolderView },
  'watchFolders.remove': { input: z.object({ id: FolderId }).strict(), output: z.object({ removed: z.literal(true) }) },
} as const satisfies ChannelTable;

export const watchFoldersEvents = {
  /** Every watch folder, whenever one changed (added, paused, took or skipped a file, became unavailable). */
  'watchFolders.changed': z.array(WatchFolderView),
} as const satisfies EventTable;

export const watchFoldersDocs = {
  title: 'Watch folders',
  channels: {
    'watchFolders.list': {
      output:
        'each folder: `id`, `openId`, `path`, `paused`, `state` (`watching`/`paused`/`unavailable`), `problem` (in English) and `problemWords` (the same as words, see [Words](#words)), `taken`, `lastTaken` (`{fileName, at}`), ' +
        '`growing` (files still being written), `skipped` (the latest files not taken, with `reason` in English and `reasonWords`)',
    },
    'watchFolders.add': {
      input: "`path`: an absolute folder path; `path: null` shows the system's folder picker (Electron; `picker_unavailable` in web mode)",
      output: 'the folder, or null when the picker was cancelled; `invalid_folder` (with what is wrong), `already_watched`, `account_unusable`',
    },
    'watchFolders.setPaused': { output: 'the folder' },
    'watchFolders.remove': { output: '`{removed: true}` (what it took stays in the queue)' },
  },
  events: {
    'watchFolders.changed': 'every watch folder, whenever one changed',
  },
} satisfies ContractDocs<typeof watchFoldersChannels, typeof watchFoldersEvents>;
