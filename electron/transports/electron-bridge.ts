/**
 * The object the preload exposes as `window.draftdeck`: invoke a contract channel, listen to a
 * contract event, nothing else. ipcRenderer itself never reaches the page (with it a page could
 * send on any channel), and neither does the IpcRendererEvent of a message (its `sender` is
 * ipcRenderer). Names outside the contract are refused here, before anything is sent.
 *
 * Runs in the sandboxed preload, so it takes ipcRenderer (and webUtils) as parameters and imports
 * only the contract's names (core/contract/names.ts, no schemas, no zod): it is bundled into one
 * small CJS file with the preload.
 *
 * One translation happens here: since Electron 32 a dropped File has no `path`, and only the
 * preload can ask for it (webUtils.getPathForFile). So `drafts.add` may carry
 * `{kind:'file', file}` sources from the page; each becomes the contract's `{kind:'path', path}`
 * before it is sent. The page never learns the path, and the main process still gets only
 * contract-shaped input (which it parses as always).
 *
 * The page itself can never name a path: a `{kind:'path'}` source (or any source other than a
 * File or an incoming file id) is refused here, before anything is sent. Otherwise a compromised
 * renderer could make the main process read any file the person can read. The only paths that
 * reach the main process are those of Files the person dropped or chose.
 */
import { IPC_CALL_CHANNEL, IPC_EVENTS_CHANNEL, type DraftdeckBridge } from '../core/bridge.js';
import type { EventMessage } from '../core/contract/index.js';
// Names only: the preload bundle carries no schemas (and so no zod); the main process parses every input.
import { isChannelName, isEventName } from '../core/contract/names.js';
import { IpcErrorCode, type IpcResult } from '../core/result.js';

/** The part of Electron's ipcRenderer the bridge needs (the real one satisfies it). */
export interface BridgeIpcRenderer {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

/** The part of Electron's webUtils the bridge needs. */
export interface BridgeWebUtils {
  /** A dropped or chosen file's path on disk; '' for a File that is not on disk (built in the page). */
  getPathForFile(file: File): string;
}

type Listener = (payload: unknown) => void;

/** A draft file source only the page's side of the bridge uses: the File itself (Electron). */
export interface FileSource {
  kind: 'file';
  file: File;
}

type Translated = { ok: true; input: unknown } | { ok: false; error: { code: string; message: string } };

/**
 * drafts.add and photos.prepare: `{kind:'file', file}` sources become `{kind:'path', path}`; `{kind:'incoming', fileId}`
 * sources are copied as they are. Any other source, above all a `{kind:'path'}` one written by the
 * page, is refused with `invalid_input` and nothing is sent. Entries without a source object are
 * left for the main process to refuse.
 */
export function withFilePaths(input: unknown, webUtils: BridgeWebUtils | undefined): Translated {
  if (typeof input !== 'object' || input === null || !Array.isArray((input as { files?: unknown }).files)) return { ok: true, input };
  const files: unknown[] = [];
  for (const entry of (input as { files: unknown[] }).files) {
    const source: unknown = (entry as { source?: unknown } | null)?.source;
    if (typeof source !== 'object' || source === null) {
      files.push(entry);
      continue;
    }
    // Each field is read once, and the source that is sent is built here: what the main process
    // gets is exactly what was checked.
    const kind: unknown = (source as { kind?: unknown }).kind;
    if (kind === 'incoming') {
      files.push({ ...(entry as object), source: { kind: 'incoming', fileId: (source as { fileId?: unknown }).fileId } });
      continue;
    }
    if (kind !== 'file') {
      return { ok: false, error: { code: IpcErrorCode.invalidInput, message: 'A file must be dropped or chosen: this window cannot name files by path' } };
    }
    const name = String((entry as { name?: unknown }).name ?? 'This file').slice(0, 255);
    if (!webUtils) return { ok: false, error: { code: 'file_path_unavailable', message: 'This window cannot read file paths' } };
    let path: string;
    try {
      // No instanceof check: a File crossing the context bridge belongs to this world's realm,
      // and webUtils itself refuses anything that is not a File.
      path = webUtils.getPathForFile((source as Partial<FileSource>).file as File);
    } catch {
      path = '';
    }
    if (!path) return { ok: false, error: { code: 'file_not_on_disk', message: `${name} is not a file on this computer: drop it from a folder or choose it with Choose videos` } };
    files.push({ ...(entry as object), source: { kind: 'path', path } });
  }
  return { ok: true, input: { ...(input as object), files } };
}

export function createBridge(ipcRenderer: BridgeIpcRenderer, webUtils?: BridgeWebUtils): DraftdeckBridge {
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
      let sent = input;
      if (channel === 'drafts.add' || channel === 'drafts.duplicates' || channel === 'drafts.probe' || channel === 'photos.prepare') {
        const translated = withFilePaths(input, webUtils);
        if (!translated.ok) return translated;
        sent = translated.input;
      }
      try {
        return (await ipcRenderer.invoke(IPC_CALL_CHANNEL, channel, sent)) as IpcResult<unknown>;
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
