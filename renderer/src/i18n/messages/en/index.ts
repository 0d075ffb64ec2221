/**
 * The English catalog, one file per area (see ../../README.md). English is the source: its keys are
 * the MessageId type the code is checked against, and every other language must have the same keys.
 */
import accounts from './accounts.json' with { type: 'json' };
import common from './common.json' with { type: 'json' };
import main from './main.json' with { type: 'json' };
import photos from './photos.json' with { type: 'json' };
import queue from './queue.json' with { type: 'json' };
import research from './research.json' with { type: 'json' };
import settings from './settings.json' with { type: 'json' };
import shell from './shell.json' with { type: 'json' };
import store from './store.json' with { type: 'json' };
import video from './video.json' with { type: 'json' };

export const en = { ...common, ...shell, ...queue, ...photos, ...accounts, ...research, ...store, ...settings, ...video, ...main };
export type MessageId = keyof typeof en;
/** The areas: a catalog file per area in every language's folder, each key starting with `<area>.`. */
export const AREAS = ['common', 'shell', 'queue', 'photos', 'accounts', 'research', 'store', 'settings', 'video', 'main'] as const;
