/**
 * The desktop shell's channels and events: where the logs are (and opening their folder), and
 * updates of the installed app (checking the feed from Settings, the download, restarting into it).
 */
import { z } from 'zod';
import { NoInput, type ChannelTable, type EventTable } from './table.js';

/** Where the app's log files are; null where the logs go to a terminal (web mode). */
export const LogsLocation = z.object({ folder: z.string().nullable(), file: z.string().nullable(), canOpen: z.boolean() });
export type LogsLocation = z.infer<typeof LogsLocation>;

export const UPDATE_STATES = ['unsupported', 'off', 'idle', 'checking', 'up_to_date', 'downloading', 'downloaded', 'error'] as const;

export const UpdateStatus = z.object({
  /**
   * unsupported: this build cannot update itself (web mode, an unpackaged Electron); off: no feed
   * URL in Settings; idle: never checked yet; checking; up_to_date; downloading (an update was
   * found); downloaded (restart to install); error (the check or the download failed).
   */
  state: z.enum(UPDATE_STATES),
  currentVersion: z.string(),
  /** The version found on the feed, once one newer than this one is. */
  availableVersion: z.string().nullable(),
  /** Download progress, 0-100, while downloading. */
  percent: z.number().min(0).max(100).nullable(),
  /** When the last check finished (ISO 8601). */
  checkedAt: z.string().nullable(),
  /** Why updates are unsupported or what went wrong, in words. */
  message: z.string().nullable(),
});
export type UpdateStatus = z.infer<typeof UpdateStatus>;

export const shellChannels = {
  'logs.location': { input: NoInput, output: LogsLocation },
  /** Opens the logs folder in the system's file manager (Electron only). */
  'logs.openFolder': { input: NoInput, output: z.object({ opened: z.literal(true) }) },
  'updates.status': { input: NoInput, output: UpdateStatus },
  /** Asks the feed in Settings whether there is a newer version; a found one downloads by itself. */
  'updates.check': { input: NoInput, output: UpdateStatus },
  /** Quits and installs a downloaded update. */
  'updates.install': { input: NoInput, output: z.object({ restarting: z.literal(true) }) },
} as const satisfies ChannelTable;

export const shellEvents = {
  'updates.changed': UpdateStatus,
} as const satisfies EventTable;
