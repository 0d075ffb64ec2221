/**
 * The IPC contract: every channel (name, input schema, output schema) and every event
 * (name, payload schema) between the renderer and the main process, combined from each feature's
 * own file in this folder. Core is "common": it imports only zod and common/, so the renderer,
 * the preload, both transports and the services share it. A new channel is one entry in its feature's
 * file (or a new feature file spread in below) plus one handler in that feature's `handlers`.
 */
import type { z } from 'zod';
import { accountsChannels, accountsEvents } from './accounts.js';
import { appChannels } from './app.js';
import { appNoticesChannels, appNoticesEvents } from './app-notices.js';
import { builtinPlatformChannels, builtinPlatformEvents } from './builtin-platform.js';
import { draftsChannels, draftsEvents } from './drafts.js';
import { noticesEvents } from './notices.js';
import { photosChannels, photosEvents } from './photos.js';
import { researchChannels, researchEvents } from './research.js';
import { settingsChannels, settingsEvents } from './settings.js';
import { shellChannels, shellEvents } from './shell.js';
import { storeChannels, storeEvents } from './store.js';
import type { ChannelTable, EventTable } from './table.js';
import { vaultChannels } from './vault.js';
import { watchFoldersChannels, watchFoldersEvents } from './watch-folders.js';

export * from './accounts.js';
export * from './app.js';
export * from './app-notices.js';
export * from './builtin-platform.js';
export * from './drafts.js';
export * from './notices.js';
export * from './photos.js';
export * from './research.js';
export * from './settings.js';
export * from './shell.js';
export * from './store.js';
export * from './vault.js';
export * from './video.js';
export * from './watch-folders.js';
export * from './words.js';
export type { ChannelDoc, ChannelTable, ContractDocs, EventTable } from './table.js';

export const channels = {
  ...appChannels,
  ...appNoticesChannels,
  ...builtinPlatformChannels,
  ...settingsChannels,
  ...draftsChannels,
  ...watchFoldersChannels,
  ...accountsChannels,
  ...vaultChannels,
  ...photosChannels,
  ...shellChannels,
  ...researchChannels,
  ...storeChannels,
} as const satisfies ChannelTable;

export const events = {
  ...appNoticesEvents,
  ...builtinPlatformEvents,
  ...settingsEvents,
  ...draftsEvents,
  ...noticesEvents,
  ...watchFoldersEvents,
  ...accountsEvents,
  ...photosEvents,
  ...shellEvents,
  ...researchEvents,
  ...storeEvents,
} as const satisfies EventTable;

export type Channels = typeof channels;
export type ChannelName = keyof Channels;
/** What a caller passes (before parsing). */
export type ChannelInput<C extends ChannelName> = z.input<Channels[C]['input']>;
/** What a handler receives (after parsing). */
export type ParsedInput<C extends ChannelName> = z.output<Channels[C]['input']>;
export type ChannelOutput<C extends ChannelName> = z.output<Channels[C]['output']>;

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.output<Events[E]>;

/** One event as delivered; events reach a window in batches (an array per message, ≤ 10 a second). */
export type EventMessage = { [E in EventName]: { name: E; payload: EventPayload<E> } }[EventName];

export const channelNames = Object.keys(channels) as ChannelName[];
export const eventNames = Object.keys(events) as EventName[];

// The preload checks names without the schemas (names.ts); everyone checks them the same way.
export { isChannelName, isEventName } from './names.js';
