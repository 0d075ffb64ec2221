/**
 * The shape every feature's part of the contract has: channels (name → input and output schema)
 * and events (name → payload schema). Feature files (settings.ts, drafts.ts, …) declare their
 * tables with `satisfies ChannelTable` / `satisfies EventTable`; index.ts combines them.
 */
import { z } from 'zod';

export type ChannelTable = Record<string, { input: z.ZodType; output: z.ZodType }>;
export type EventTable = Record<string, z.ZodType>;

/** The input of a channel that takes none. */
export const NoInput = z.undefined();
