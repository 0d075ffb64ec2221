import { describe, expect, it } from 'vitest';
import { accountsChannels, accountsEvents, appChannels, appNoticesChannels, appNoticesEvents, builtinPlatformChannels, builtinPlatformEvents, channels, draftsChannels, draftsEvents, events, noticesEvents, photosChannels, photosEvents, researchChannels, researchEvents, settingsChannels, settingsEvents, shellChannels, shellEvents, storeChannels, storeEvents, vaultChannels, watchFoldersChannels, watchFoldersEvents } from '../../../../../electron/core/contract/index.js';

describe('the contract combines every feature’s own channels and events', () => {
  const channelTables = [appChannels, appNoticesChannels, builtinPlatformChannels, settingsChannels, draftsChannels, accountsChannels, vaultChannels, researchChannels, shellChannels, storeChannels, photosChannels, watchFoldersChannels];
  const eventTables = [appNoticesEvents, builtinPlatformEvents, settingsEvents, draftsEvents, accountsEvents, researchEvents, shellEvents, storeEvents, photosEvents, watchFoldersEvents, noticesEvents];

  it('loses no channel or event to a name two features both declare', () => {
    // The aggregator spreads the tables: a repeated name would silently replace the first.
    const channelNames = channelTables.flatMap((table) => Object.keys(table));
    const eventNames = eventTables.flatMap((table) => Object.keys(table));
    expect(new Set(channelNames).size).toBe(channelNames.length);
    expect(new Set(eventNames).size).toBe(eventNames.length);
    expect(Object.keys(channels).sort()).toEqual([...channelNames].sort());
    expect(Object.keys(events).sort()).toEqual([...eventNames].sort());
  });

  it('keeps each feature’s channels under its own prefix', () => {
    expect(Object.keys(draftsChannels).every((name) => name.startsWith('drafts.'))).toBe(true);
    expect(Object.keys(accountsChannels).every((name) => name.startsWith('accounts.'))).toBe(true);
    expect(Object.keys(settingsChannels).every((name) => name.startsWith('settings.'))).toBe(true);
    expect(Object.keys(photosChannels).every((name) => name.startsWith('photos.'))).toBe(true);
    expect(Object.keys(researchChannels).every((name) => name.startsWith('research.'))).toBe(true);
    expect([...Object.keys(watchFoldersChannels), ...Object.keys(watchFoldersEvents)].every((name) => name.startsWith('watchFolders.'))).toBe(true);
    expect([...Object.keys(storeChannels), ...Object.keys(storeEvents)].every((name) => name.startsWith('store.'))).toBe(true);
  });
});
