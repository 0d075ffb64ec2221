/** The built-in platform's channel, and its status told to the windows as it changes. */
import type { EventSink } from '../../core/events.js';
import type { HandlersFor } from '../../core/dispatcher.js';
import type { builtinPlatformChannels } from '../../core/contract/index.js';
import type { BuiltinPlatform } from './builtin-platform.js';

export function builtinPlatformHandlers(platform: BuiltinPlatform, hub: EventSink): HandlersFor<typeof builtinPlatformChannels> {
  platform.onStatus((status) => hub.emit('builtinPlatform.changed', status));
  return {
    'builtinPlatform.status': () => platform.status(),
  };
}
