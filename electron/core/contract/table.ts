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

/** What one channel's input and output mean, in words (Markdown): what the schemas cannot say. */
export interface ChannelDoc {
  input?: string;
  output: string;
}
/**
 * A feature's channels and events described in words, beside its tables: every channel and every
 * event must have an entry (the `satisfies` in each feature file checks it). docs/AUTOMATION-API.md
 * is generated from these and the schemas by scripts/automation-api.ts (`npm run docs:api`).
 */
export interface ContractDocs<C extends ChannelTable = Record<never, never>, E extends EventTable = Record<never, never>> {
  /** The feature's section heading. */
  title: string;
  /** Prose under the heading (optional). */
  about?: string;
  channels: { [K in keyof C]: ChannelDoc };
  events: { [K in keyof E]: string };
}
