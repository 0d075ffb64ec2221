/**
 * Notices the app gives a person outside its window: one when a batch (the drafts added in one
 * action) has reached the inbox or failed. Electron's main process shows them itself
 * (electron/desktop/notifications.ts); in web mode the page shows them with the browser's
 * Notification API, once the person allowed it.
 */
import { z } from 'zod';
import type { ContractDocs, EventTable } from './table.js';
import { Words } from './words.js';

export const BatchNotice = z.object({
  batchId: z.string(),
  /** What became of the batch, as words (`main.batch.*`): the window and the main process say it in the window's language. */
  title: Words,
  /** Sentences said one after another (`main.sentence`), each words of its own (a draft's reason among them). */
  body: z.array(Words),
  /** The batch's drafts, which clicking the notice shows in the queue. */
  draftIds: z.array(z.string()),
});
export type BatchNotice = z.infer<typeof BatchNotice>;

export const noticesEvents = {
  /** A batch settled: told at most once per batch. */
  'notices.batch': BatchNotice,
  /** The person clicked a batch's system notification (Electron): the window shows the batch's drafts. */
  'notices.opened': BatchNotice.pick({ batchId: true, draftIds: true }),
} as const satisfies EventTable;

export const noticesDocs = {
  title: 'Notices',
  channels: {},
  events: {
    'notices.batch':
      "`{batchId, title, body, draftIds}`: a batch settled (reached the inbox, failed, or what is left waits); at most one per batch; `title` is words (`{code, params}`, see [Words](#words)) and `body` a list of them, said one sentence after another; web mode's page shows it as a browser notification",
    'notices.opened': "`{batchId, draftIds}`: the person clicked a batch's system notification in the desktop app; the window brings the batch's drafts into view",
  },
} satisfies ContractDocs<Record<never, never>, typeof noticesEvents>;
