/**
 * The renderer's one way to reach the main process. It picks the transport by itself: the
 * preload's bridge in Electron, HTTP + Server-Sent Events in web mode (with the session token). Either way the same
 * contract, the same `{ok,value|error}` answers, the same batched events.
 */
import { BRIDGE_GLOBAL, type DraftdeckBridge } from '../../../electron/core/bridge';
import type { ChannelInput, ChannelName, ChannelOutput, EventMessage, EventName, EventPayload } from '../../../electron/core/contract';
import type { IpcError, IpcResult } from '../../../electron/core/result';
import { authorization } from './session';
import { readEventStream } from './sse';

export class ApiError extends Error {
  readonly code: string;
  /** The refusal as words the window says in its language (i18n/main-words.ts sayError); `message` is its English. */
  readonly words: IpcError['words'];
  constructor(error: IpcError) {
    super(error.message);
    this.code = error.code;
    this.words = error.words;
    this.name = 'ApiError';
  }
}

type Listener = (payload: unknown) => void;

/** Called when the event stream came back after a break: events may have been missed. */
const resyncListeners = new Set<() => void>();

/**
 * Web mode's event stream: `open` while connected; `broken` the moment it ends or cannot connect
 * (the host stopped); `refused` when the host answers but not to this tab's token (it started
 * with a new session).
 */
export type StreamState = 'open' | 'broken' | 'refused';
const streamListeners = new Set<(state: StreamState) => void>();

function tellStream(state: StreamState): void {
  for (const listener of [...streamListeners]) listener(state);
}

function electronBridge(): DraftdeckBridge | undefined {
  return (window as unknown as Record<string, DraftdeckBridge | undefined>)[BRIDGE_GLOBAL];
}

/** A call the host never answered (web mode: the request itself failed). */
export const HOST_UNREACHABLE = 'host_unreachable';

const FIRST_RECONNECT_MS = 1_000;
// Loopback: trying often costs nothing, and a tab should be back soon after the app is.
const MAX_RECONNECT_MS = 5_000;

/**
 * Web mode: calls are POSTs; events arrive as batches on one stream shared by all listeners. Each
 * request carries the session token as a bearer header (session.ts). The stream is read with
 * fetch, since EventSource cannot send that header; when it breaks or cannot connect it is tried
 * again with a growing delay, and every connection after the first attempt tells onResync's
 * listeners, since the events in between are not replayed.
 */
function webBridge(): DraftdeckBridge {
  const listeners = new Map<string, Set<Listener>>();
  let streaming = false;

  function deliver(data: string): void {
    let batch: unknown;
    try {
      batch = JSON.parse(data);
    } catch {
      return;
    }
    if (!Array.isArray(batch)) return;
    for (const event of batch as (EventMessage | null)[]) {
      if (typeof event?.name !== 'string') continue;
      for (const listener of [...(listeners.get(event.name) ?? [])]) {
        try {
          listener(event.payload);
        } catch (error) {
          // One failing listener must not break the stream for the others; the error still shows.
          queueMicrotask(() => {
            throw error;
          });
        }
      }
    }
  }

  async function readEvents(): Promise<void> {
    let attempted = false;
    let delay = FIRST_RECONNECT_MS;
    for (;;) {
      try {
        const response = await fetch('/api/events', { headers: { ...authorization(), Accept: 'text/event-stream' }, cache: 'no-store' });
        if (response.ok && response.body) {
          tellStream('open');
          if (attempted) for (const listener of [...resyncListeners]) listener();
          delay = FIRST_RECONNECT_MS;
          attempted = true;
          await readEventStream(response.body, deliver);
          tellStream('broken');
        } else {
          await response.body?.cancel();
          tellStream(response.status === 403 ? 'refused' : 'broken');
        }
      } catch {
        // The host is away or the stream broke: try again below.
        tellStream('broken');
      }
      attempted = true;
      await new Promise((resolve) => setTimeout(resolve, delay * (0.75 + Math.random() / 2)));
      delay = Math.min(delay * 2, MAX_RECONNECT_MS);
    }
  }

  function ensureStream(): void {
    if (streaming) return;
    streaming = true;
    void readEvents();
  }

  return {
    async invoke(channel, input) {
      try {
        const response = await fetch(`/api/call/${encodeURIComponent(channel)}`, {
          method: 'POST',
          headers: { ...authorization(), ...(input === undefined ? {} : { 'Content-Type': 'application/json' }) },
          body: input === undefined ? undefined : JSON.stringify(input),
        });
        return (await response.json()) as IpcResult<unknown>;
      } catch (error) {
        // What the browser said (for scripts and logs); the window says main.host_unreachable in its language.
        return { ok: false, error: { code: HOST_UNREACHABLE, message: `${HOST_UNREACHABLE}: ${String(error)}`, words: { code: HOST_UNREACHABLE, params: {} } } };
      }
    },
    on(event, listener) {
      ensureStream();
      const set = listeners.get(event) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
  };
}

const bridge: DraftdeckBridge = electronBridge() ?? webBridge();

export const runtime: 'electron' | 'web' = electronBridge() ? 'electron' : 'web';

type InputArgs<C extends ChannelName> = undefined extends ChannelInput<C> ? [input?: ChannelInput<C>] : [input: ChannelInput<C>];

/** A call as a value: never throws. */
export async function invoke<C extends ChannelName>(channel: C, ...[input]: InputArgs<C>): Promise<IpcResult<ChannelOutput<C>>> {
  return (await bridge.invoke(channel, input)) as IpcResult<ChannelOutput<C>>;
}

/** A call that throws ApiError on `{ok:false}`, for code that handles failure in one place. */
export async function call<C extends ChannelName>(channel: C, ...args: InputArgs<C>): Promise<ChannelOutput<C>> {
  const result = await invoke(channel, ...args);
  if (!result.ok) throw new ApiError(result.error);
  return result.value;
}

export function on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
  return bridge.on(event, listener as Listener);
}

/**
 * Listens to several events and hands them over a batch at a time, in order, so a store applies
 * a burst (drafts.updated for hundreds of drafts) in one update. A batch arrives from the host in
 * one message and is delivered synchronously, event by event, by either transport; a microtask
 * gathers those deliveries back into one array.
 */
export function onBatch<E extends EventName>(names: readonly E[], listener: (batch: Extract<EventMessage, { name: E }>[]) => void): () => void {
  let pending: Extract<EventMessage, { name: E }>[] = [];
  const flush = () => {
    const batch = pending;
    pending = [];
    listener(batch);
  };
  const stops = names.map((name) =>
    on(name, (payload) => {
      if (pending.length === 0) queueMicrotask(flush);
      pending.push({ name, payload } as Extract<EventMessage, { name: E }>);
    }),
  );
  return () => {
    for (const stop of stops) stop();
  };
}

/** Web mode: the event stream's state as it changes (never called in Electron, whose IPC does not break). */
export function onStreamState(listener: (state: StreamState) => void): () => void {
  streamListeners.add(listener);
  return () => streamListeners.delete(listener);
}

/** Called after the event stream reconnected (web mode), when state may have changed unseen. */
export function onResync(listener: () => void): () => void {
  resyncListeners.add(listener);
  return () => resyncListeners.delete(listener);
}

/**
 * A file for drafts.add in Electron: the File itself. The preload's bridge turns it into the
 * contract's `{kind:'path'}` with webUtils.getPathForFile (electron/transports/electron-bridge.ts),
 * since a page can no longer read a dropped file's path.
 */
export interface BridgeFileSource {
  kind: 'file';
  file: File;
}

/**
 * The one way a page outside the app is opened (eslint forbids window.open and target=_blank
 * elsewhere in renderer/): through the main process, which vets the URL and hands it to the
 * system browser in Electron. Web mode's host has no browser of the person's to hand it to and
 * answers opened: false, so the page opens it in a new tab itself.
 */
export async function openExternal(url: string): Promise<void> {
  const result = await call('shell.openExternal', { url });
  // eslint-disable-next-line no-restricted-properties -- web mode's tab, after the main process vetted the URL
  if (!result.opened) window.open(url, '_blank', 'noopener,noreferrer');
}

/**
 * Web mode: streams a dropped or chosen file to the host (the browser reads it from disk as it
 * sends; nothing is held in memory) and answers the id `drafts.add` takes as an `incoming` source.
 */
export async function sendFileToHost(file: File, signal?: AbortSignal): Promise<string> {
  const response = await fetch('/api/files', {
    method: 'POST',
    headers: { ...authorization(), 'Content-Type': 'application/octet-stream' },
    body: file,
    signal,
  });
  const result = (await response.json()) as IpcResult<{ fileId: string; size: number }>;
  if (!result.ok) throw new ApiError(result.error);
  return result.value.fileId;
}
