/**
 * What the app tells the window about itself, beside any page: a file it found damaged at start
 * and moved aside (where the damaged copy is), a full disk (how much to free, and where), a drafts
 * queue that cannot be saved (which folder). A person dismisses a file notice; the other two go
 * away by themselves once the app can write again.
 */
import { z } from 'zod';
import { NoInput, type ChannelTable, type ContractDocs, type EventTable } from './table.js';
import { Words } from './words.js';

export const AppNotice = z.object({
  id: z.string(),
  /** file_set_aside: a damaged file was moved aside and a fresh one made; disk_full: writes fail for want of space; cannot_save: the drafts queue's folder is missing or read-only. */
  kind: z.enum(['file_set_aside', 'disk_full', 'cannot_save']),
  /** Words (`main.notice.*`, `main.error.disk_full`) the window says in its language. */
  title: Words,
  body: Words,
  /** The damaged copy's path (file_set_aside), for a person to look at or remove. */
  path: z.string().nullable(),
  dismissible: z.boolean(),
});
export type AppNotice = z.infer<typeof AppNotice>;

export const AppNotices = z.array(AppNotice);

export const appNoticesChannels = {
  'appNotices.list': { input: NoInput, output: AppNotices },
  'appNotices.dismiss': { input: z.object({ id: z.string().min(1).max(200) }).strict(), output: z.object({ dismissed: z.boolean() }) },
} as const satisfies ChannelTable;

export const appNoticesEvents = {
  'appNotices.changed': AppNotices,
} as const satisfies EventTable;

export const appNoticesDocs = {
  title: 'App notices',
  channels: {
    'appNotices.list': {
      output:
        '`[{id, kind, title, body, path, dismissible}]`: `file_set_aside` (a damaged file moved aside at start; `path` is the damaged copy) or `disk_full` (`error.disk_full` `{mb, volume}`: "The disk is full: free N MB on <volume>"; goes away by itself once there is space) or `cannot_save` (`notice.cannot_save.title` `{folder}`: the drafts queue cannot be saved, its folder is missing or read-only; draft work waits, and the notice goes by itself once the queue is saved again); `title` and `body` are words (`{code, params}`, see [Words](#words))',
    },
    'appNotices.dismiss': { input: '`{id}`', output: '`{dismissed}`: false for an unknown id or one that cannot be dismissed (`disk_full`, `cannot_save`)' },
  },
  events: {
    'appNotices.changed': 'the notices (as `appNotices.list`)',
  },
} satisfies ContractDocs<typeof appNoticesChannels, typeof appNoticesEvents>;
