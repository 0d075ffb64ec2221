/**
 * The object the preload exposes as `window.draftdeck`: invoke a contract channel, listen to a
 * contract event, nothing else. ipcRenderer itself never reaches the page (with it a page could
 * send on any channel), and neither does the IpcRendererEvent of a message (its `sender` is
 * ipcRenderer). Names outside the contract are refused here, before anything is sent.
 *
 * Runs in the sandboxed preload, so it takes ipcRenderer as a parameter and imports only
 * "common" code (the contract's names): it is bundled into one CJS file with the preload.
 */
import { IPC_CALL_CHANNEL, IPC_EVENTS_CHANNEL, type DraftdeckBridge } from '../ipc/bridge.js';
import { events, isChannelName, type EventMessage } from '../ipc/contract.js';
import { IpcErrorCode, type IpcResult } from '../ipc/result.js';

/** The part of Electron's ipcRenderer the bridge needs (the real one satisfies it). */
export interface BridgeIpcRenderer {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

type Listener = (payload: unknown) => void;

export function isEventName(name: unknown): name is keyof typeof events {
  return typeof name === 'string' && Object.hasOwn(events, name);
}

export function createBridge(ipcRenderer: BridgeIpcRenderer): DraftdeckBridge {
  const listeners = new Map<string, Set<Listener>>();
  let receiving = false;

  function deliver(batch: unknown): void {
    if (!Array.isArray(batch)) return;
    for (const message of batch as (EventMessage | null)[]) {
      if (typeof message?.name !== 'string') continue;
      for (const listener of [...(listeners.get(message.name) ?? [])]) {
        try {
          listener(message.payload);
        } catch (error) {
          // One failing listener must not starve the others; the error still reaches the console.
          queueMicrotask(() => {
            throw error;
          });
        }
      }
    }
  }

  function startReceiving(): void {
    if (receiving) return;
    receiving = true;
    // The event object stays here: only the batch's payloads go on to the page.
    ipcRenderer.on(IPC_EVENTS_CHANNEL, (_event, batch) => deliver(batch));
  }

  const bridge: DraftdeckBridge = {
    async invoke(channel, input) {
      if (!isChannelName(channel)) {
        return { ok: false, error: { code: IpcErrorCode.unknownChannel, message: `No such channel: ${String(channel).slice(0, 100)}` } };
      }
      try {
        return (await ipcRenderer.invoke(IPC_CALL_CHANNEL, channel, input)) as IpcResult<unknown>;
      } catch (error) {
        // Input that cannot be cloned, or a main process that is shutting down.
        return { ok: false, error: { code: 'ipc_failed', message: error instanceof Error ? error.message : 'IPC failed' } };
      }
    },
    on(event, listener) {
      if (!isEventName(event)) throw new TypeError(`No such event: ${String(event).slice(0, 100)}`);
      if (typeof listener !== 'function') throw new TypeError('listener must be a function');
      startReceiving();
      const set = listeners.get(event) ?? new Set<Listener>();
      listeners.set(event, set);
      // A wrapper per subscription, so subscribing the same function twice needs two unsubscribes.
      const entry: Listener = (payload) => listener(payload);
      set.add(entry);
      return () => {
        set.delete(entry);
      };
    },
  };
  return Object.freeze(bridge);
}
