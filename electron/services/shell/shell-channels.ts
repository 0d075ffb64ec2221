/**
 * The shell channels of the contract (electron/core/contract/shell.ts): the logs' location and
 * folder, and updates (checking, installing, asking for another feed).
 */
import type { shellChannels } from '../../core/contract/index.js';
import type { HandlersFor } from '../../core/dispatcher.js';
import { refusal } from '../main-words.js';
import type { UpdateService } from './update-service.js';

/** Where the Electron app writes its log files, and how to show that folder (shell.openPath). */
export interface LogsFolder {
  folder: string;
  file: string;
  /** Opens the folder in the file manager; throws an AppError saying why it could not. */
  open(): Promise<void>;
}

export function shellHandlers(updates: UpdateService, logs: LogsFolder | undefined): HandlersFor<typeof shellChannels> {
  return {
    'logs.location': () => (logs ? { folder: logs.folder, file: logs.file, canOpen: true } : { folder: null, file: null, canOpen: false }),
    'logs.openFolder': async () => {
      if (!logs) throw refusal('not_available', 'logs.web');
      await logs.open();
      return { opened: true };
    },
    'updates.status': () => updates.current(),
    'updates.check': () => updates.check(),
    'updates.install': () => updates.install(),
    'updates.useFeed': ({ url }) => updates.useFeed(url),
  };
}
