/**
 * The built-in platform's state, for the window: the platform sandbox and the partner backend run
 * as programs of their own and start in the background, so the window opens first and the pages
 * that need them say they are starting (or starting again after one ended) until they run.
 */
import { z } from 'zod';
import { NoInput, type ChannelTable, type ContractDocs, type EventTable } from './table.js';

export const BUILTIN_PLATFORM_STATES = ['stopped', 'starting', 'running', 'restarting', 'failed'] as const;

export const BuiltinPlatformStatus = z.object({
  /**
   * stopped: not started (a custom profile is active, or nothing needed it yet); starting;
   * running; restarting (one of its programs ended unexpectedly and is being started again);
   * failed (the last start failed; the next use tries again).
   */
  state: z.enum(BUILTIN_PLATFORM_STATES),
  /** What went wrong, in words, or null. */
  problem: z.string().nullable(),
});
export type BuiltinPlatformStatus = z.infer<typeof BuiltinPlatformStatus>;

export const builtinPlatformChannels = {
  'builtinPlatform.status': { input: NoInput, output: BuiltinPlatformStatus },
} as const satisfies ChannelTable;

export const builtinPlatformEvents = {
  'builtinPlatform.changed': BuiltinPlatformStatus,
} as const satisfies EventTable;

export const builtinPlatformDocs = {
  title: 'Built-in platform',
  channels: {
    'builtinPlatform.status': { output: '`{state, problem}`: `stopped`, `starting`, `running`, `restarting` or `failed`, and why in words' },
  },
  events: {
    'builtinPlatform.changed': 'the built-in platform status (as `builtinPlatform.status`)',
  },
} satisfies ContractDocs<typeof builtinPlatformChannels, typeof builtinPlatformEvents>;
