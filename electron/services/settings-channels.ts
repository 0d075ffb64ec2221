/** The settings channels of the contract, on top of the settings service. */
import type { settingsChannels } from '../core/contract/index.js';
import type { HandlersFor } from '../core/dispatcher.js';
import type { SettingsService } from './settings.js';

export function settingsHandlers(settings: SettingsService): HandlersFor<typeof settingsChannels> {
  return {
    'settings.get': () => settings.get(),
    'settings.set': (patch) => settings.set(patch),
  };
}
