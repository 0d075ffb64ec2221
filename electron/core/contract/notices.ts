/**
 * Notices the app gives a person outside its window: one when a batch (the drafts added in one
 * action) has reached the inbox or failed. Electron's main process shows them itself
 * (electron/desktop/notifications.ts); in web mode the page shows them with the browser's
 * Notification API, once the person allowed it.
 */
import { z } from 'zod';
import type { ContractDocs, EventTable } from './table.js';

export const BatchNotice = z.object({
  batchId: z.string(),
  title: z.string(),
  body: z.string(),
});
export type BatchNotice = z.infer<typeof BatchNotice>;

export const noticesEvents = {
  /** A batch settled: told at most once per batch. */
  'notices.batch': BatchNotice,
} as const satisfies EventTable;

export const noticesDocs = {
  title: 'Notices',
  channels: {},
  events: {
    'notices.batch':
      "`{batchId, title, body}`: a batch settled (reached the inbox, failed, or what is left waits); at most one per batch; web mode's page shows it as a browser notification",
  },
} satisfies ContractDocs<Record<never, never>, typeof noticesEvents>;
