/**
 * The desktop shell's channels and events: where the logs are (and opening their folder), and
 * updates of the installed app (checking its feed, the download, restarting into it, and asking for a
 * different feed, which only a native dialog of the main process can confirm).
 */
import { z } from 'zod';
import { HTTPS_OR_LOOPBACK_RULE, isHttpsOrLoopback } from '../../../common/url-policy.js';
import { NoInput, type ChannelTable, type EventTable, type ContractDocs } from './table.js';
import { Words } from './words.js';

/** Where the app's log files are; null where the logs go to a terminal (web mode). */
export const LogsLocation = z.object({ folder: z.string().nullable(), file: z.string().nullable(), canOpen: z.boolean() });
export type LogsLocation = z.infer<typeof LogsLocation>;

export const UPDATE_STATES = ['unsupported', 'off', 'idle', 'checking', 'up_to_date', 'downloading', 'downloaded', 'error'] as const;

export const UpdateStatus = z.object({
  /**
   * unsupported: this build cannot update itself (web mode, an unpackaged Electron, an unsigned
   * Windows or macOS build); off: this build has no feed; idle: never checked yet; checking; up_to_date; downloading (an update was
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
  /** Why updates are unsupported or what went wrong, in English; `messageWords` the same for the window to say in its language. */
  message: z.string().nullable(),
  messageWords: Words.nullable(),
  /** Where updates come from, and who chose it: the build's own feed, an administrator's policy file, or the person (confirmed in a native dialog). */
  feedUrl: z.string().nullable(),
  feedSource: z.enum(['build', 'policy', 'chosen']).nullable(),
});
export type UpdateStatus = z.infer<typeof UpdateStatus>;

export const shellChannels = {
  'logs.location': { input: NoInput, output: LogsLocation },
  /** Opens the logs folder in the system's file manager (Electron only). */
  'logs.openFolder': { input: NoInput, output: z.object({ opened: z.literal(true) }) },
  'updates.status': { input: NoInput, output: UpdateStatus },
  /** Asks the feed whether there is a newer version; a found one downloads by itself. The app also checks at start and every 4 hours. */
  'updates.check': { input: NoInput, output: UpdateStatus },
  /** Quits and installs a downloaded update. */
  'updates.install': { input: NoInput, output: z.object({ restarting: z.literal(true) }) },
  /**
   * Asks to get updates from another feed (null: back to the build's own). The main process asks
   * the person in a native dialog the page cannot answer; an administrator's feed cannot be changed.
   */
  'updates.useFeed': { input: z.object({ url: z.string().max(2048).refine(isHttpsOrLoopback, `must use ${HTTPS_OR_LOOPBACK_RULE}`).nullable() }).strict(), output: UpdateStatus },
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
        '`{state, currentVersion, availableVersion, percent, checkedAt, message, messageWords, feedUrl, feedSource}` (`message` in English, `messageWords` the same as words); `state` is `unsupported` (web mode, not an installed app, or an unsigned Windows/macOS build), `off` (the build has no feed), ' +
        '`idle`, `checking`, `up_to_date`, `downloading`, `downloaded` or `error`',
    },
    'updates.check': { output: 'the update status after asking the feed (`updates_off` / `updates_unsupported` when it cannot)' },
    'updates.useFeed': {
      input: '`{url}`: an https feed, or null for the build\'s own',
      output: 'the update status; `feed_not_confirmed` when the person said no in the dialog, `managed_by_policy` when an administrator set the feed',
    },
    'updates.install': { output: '`{restarting: true}`: quits and installs a downloaded update (`no_update_downloaded` otherwise)' },
  },
  events: {
    'updates.changed': 'the update status (as `updates.status`)',
  },
} satisfies ContractDocs<typeof shellChannels, typeof shellEvents>;
