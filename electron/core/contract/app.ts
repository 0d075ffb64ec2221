/**
 * The app's own channels: what it is and where it runs, and opening a link outside it.
 */
import { z } from 'zod';
import { HTTPS_OR_LOOPBACK_RULE, isHttpsOrLoopback } from '../../../common/url-policy.js';
import { NoInput, type ChannelTable, type ContractDocs } from './table.js';

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  runtime: z.enum(['electron', 'web']),
  os: z.string(),
  /** The OS's preferred languages, most preferred first (Electron); empty in web mode, where the page reads its browser's. */
  languages: z.array(z.string().max(64)).max(32),
  /** The built-in platform sandbox's addresses, while the built-in profile is active and the sandbox runs. */
  sandbox: z.object({ baseUrl: z.string(), consoleUrl: z.string() }).nullable(),
});
export type AppInfo = z.infer<typeof AppInfo>;

export const appChannels = {
  'app.info': { input: NoInput, output: AppInfo },
  /** Opens an https link in the system browser (Electron) or a new tab (web mode). */
  'shell.openExternal': { input: z.object({ url: z.string().max(2048).refine(isHttpsOrLoopback, `must use ${HTTPS_OR_LOOPBACK_RULE}`) }).strict(), output: z.object({ opened: z.boolean() }) },
} as const satisfies ChannelTable;

export const appDocs = {
  title: 'App',
  channels: {
    'app.info': { output: 'name, version, runtime (`electron`/`web`), os, languages (the OS\'s preferred, Electron; empty in web mode), the built-in sandbox URLs (once it runs) or null' },
    'shell.openExternal': { input: 'https, or http on loopback', output: '`{opened}`: false when the caller should open it itself (web mode)' },
  },
  events: {},
} satisfies ContractDocs<typeof appChannels>;
