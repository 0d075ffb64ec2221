/**
 * The contract's channel and event names alone, for the preload: it checks every name the page
 * sends against these before anything reaches ipcRenderer, and needs nothing else of the contract
 * (the schemas are the main process's; the preload bundle stays without zod). The type checks
 * below keep this list and the contract (index.ts) the same: a name missing here, or one the
 * contract does not have, fails `tsc`.
 */
import type { ChannelName, EventName } from './index.js';

export const CHANNEL_NAMES = [
  'app.info',
  'shell.openExternal',
  'appNotices.list',
  'appNotices.dismiss',
  'builtinPlatform.status',
  'settings.get',
  'settings.set',
  'drafts.list',
  'drafts.firstPage',
  'drafts.add',
  'drafts.duplicates',
  'drafts.probe',
  'drafts.addUrl',
  'drafts.thumbnail',
  'drafts.pause',
  'drafts.resume',
  'drafts.cancel',
  'drafts.retry',
  'drafts.remove',
  'drafts.reorder',
  'drafts.bulk',
  'drafts.move',
  'drafts.clearFinished',
  'drafts.chooseFix',
  'drafts.inboxPlaces',
  'drafts.moveTargets',
  'watchFolders.list',
  'watchFolders.add',
  'watchFolders.setPaused',
  'watchFolders.remove',
  'accounts.list',
  'accounts.signIn.start',
  'accounts.signIn.cancel',
  'accounts.remove',
  'vault.status',
  'vault.allowPlaintext',
  'profile.status',
  'profile.setClientSecret',
  'photos.prepare',
  'photos.post',
  'photos.setS3Keys',
  'photos.s3KeysStatus',
  'photos.testS3',
  'logs.location',
  'logs.openFolder',
  'updates.status',
  'updates.check',
  'updates.install',
  'updates.useFeed',
  'research.status',
  'research.search.start',
  'research.search.load',
  'research.search.cancel',
  'research.search.rows',
  'research.search.days',
  'research.search.close',
  'research.export',
  'research.account',
  'research.videoPage',
  'research.saved.list',
  'research.saved.save',
  'research.saved.remove',
  'store.catalog',
  'store.account',
  'store.buy',
] as const satisfies readonly ChannelName[];

export const EVENT_NAMES = [
  'appNotices.changed',
  'builtinPlatform.changed',
  'settings.changed',
  'drafts.updated',
  'drafts.removed',
  'drafts.reset',
  'notices.batch',
  'notices.opened',
  'watchFolders.changed',
  'accounts.changed',
  'signIn.finished',
  'photos.progress',
  'updates.changed',
  'research.progress',
  'research.saved.changed',
  'store.orderUpdated',
  'store.itemsChanged',
] as const satisfies readonly EventName[];

type Missing<All, Listed> = [Exclude<All, Listed>] extends [never] ? true : Exclude<All, Listed>;
/** Compile-time only: every contract name is listed (a missing one is named in the error). */
export const everyChannelListed: Missing<ChannelName, (typeof CHANNEL_NAMES)[number]> = true;
export const everyEventListed: Missing<EventName, (typeof EVENT_NAMES)[number]> = true;

const channelSet: ReadonlySet<string> = new Set(CHANNEL_NAMES);
const eventSet: ReadonlySet<string> = new Set(EVENT_NAMES);

export function isChannelName(name: unknown): name is ChannelName {
  return typeof name === 'string' && channelSet.has(name);
}

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && eventSet.has(name);
}
