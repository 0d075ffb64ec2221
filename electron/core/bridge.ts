/**
 * The only API the Electron preload exposes to the page (as `window.draftdeck`): invoke a
 * contract channel, listen to a contract event. Names outside the contract are refused by the
 * preload before anything reaches ipcRenderer. Common: imported by preload and renderer.
 */
import type { IpcResult } from './result.js';

export const BRIDGE_GLOBAL = 'draftdeck';
/** The one ipcMain channel calls travel on, and the one events arrive on (as batches). */
export const IPC_CALL_CHANNEL = 'draftdeck:call';
export const IPC_EVENTS_CHANNEL = 'draftdeck:events';

export interface DraftdeckBridge {
  invoke(channel: string, input?: unknown): Promise<IpcResult<unknown>>;
  on(event: string, listener: (payload: unknown) => void): () => void;
}
