/**
 * The desktop shell's channels and events: where the logs are (and opening their folder), and
 * updates of the installed app (checking the feed from Settings, the download, restarting into it).
 */
import { z } from 'zod';
import { NoInput, type ChannelTable, type EventTable, type ContractDocs } from './table.js';

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

export const shellDocs = {
  title: 'Logs and updates',
  channels: {
    'logs.location': { output: "`{folder, file, canOpen}`: the Electron app's log folder and current file; nulls in web mode (logs go to stderr)" },
    'logs.openFolder': { output: '`{opened: true}`: the folder opened in the file manager (Electron only; `open_failed` with the reason otherwise)' },
    'updates.status': {
      output:
        '`{state, currentVersion, availableVersion, percent, checkedAt, message}`; `state` is `unsupported` (web mode, or not an installed app), `off` (no feed URL), ' +
        '`idle`, `checking`, `up_to_date`, `downloading`, `downloaded` or `error`',
    },
    'updates.check': { output: 'the update status after asking the feed (`updates_off` / `updates_unsupported` when it cannot)' },
    'updates.install': { output: '`{restarting: true}`: quits and installs a downloaded update (`no_update_downloaded` otherwise)' },
  },
  events: {
    'updates.changed': 'the update status (as `updates.status`)',
  },
} satisfies ContractDocs<typeof shellChannels, typeof shellEvents>;
