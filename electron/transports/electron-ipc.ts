/**
 * The Electron transport of the IPC contract: calls arrive on one ipcMain.handle channel and go
 * to the transport-neutral dispatcher; event batches from the hub go to each window's page.
 *
 * Like VS Code's validatedIpcMain, a call is answered only when it comes from the top frame of a
 * window this app created, showing a page of the app's own origin. Anything else (a subframe, a
 * page that somehow navigated elsewhere, a webContents the app did not make) gets `forbidden`,
 * as a value: a thrown error would lose everything but its message across IPC.
 */
import type { Logger } from '../../common/log.js';
import { IPC_CALL_CHANNEL, IPC_EVENTS_CHANNEL } from '../core/bridge.js';
import type { Dispatch } from '../core/dispatcher.js';
import type { EventHub } from './event-hub.js';
import { IpcErrorCode, type IpcResult } from '../core/result.js';
import { isAppUrl } from './app-origin.js';
import { schemeOf } from '../../common/url-policy.js';

export const FORBIDDEN = 'forbidden';

/** A frame as Electron's WebFrameMain describes it. */
export interface SenderFrame {
  readonly url: string;
  readonly parent: SenderFrame | null;
}

/** The part of Electron's WebContents the transport needs (the real one satisfies it). */
export interface TransportContents {
  readonly mainFrame: SenderFrame;
  isDestroyed(): boolean;
  send(channel: string, ...args: unknown[]): void;
}

export interface CallEvent {
  readonly sender: TransportContents;
  /** Null when the frame navigated away or was destroyed before the call arrived. */
  readonly senderFrame: SenderFrame | null;
}

export interface TransportIpcMain {
  handle(channel: string, listener: (event: CallEvent, ...args: unknown[]) => Promise<IpcResult<unknown>>): void;
  removeHandler(channel: string): void;
}

export interface TransportWindow {
  readonly webContents: TransportContents;
  once(event: 'closed', listener: () => void): unknown;
}

export interface ElectronTransport {
  /** Accepts calls from this window's page and sends it event batches until it closes. */
  attach(window: TransportWindow): void;
  dispose(): void;
}

/** Why a call's sender is refused, or null when it may be answered. Pure, for tests. */
export function refuseSender(event: CallEvent, known: { has(contents: TransportContents): boolean }): string | null {
  if (!known.has(event.sender) || event.sender.isDestroyed()) return 'not a window of this app';
  const frame = event.senderFrame;
  if (frame === null) return 'the sending frame is gone';
  if (frame.parent !== null) return 'not the top frame';
  if (!isAppUrl(frame.url)) return `not the app origin (${schemeOf(frame.url)}:)`;
  return null;
}

export function createElectronTransport(deps: { ipcMain: TransportIpcMain; dispatch: Dispatch; hub: EventHub; log: Logger }): ElectronTransport {
  const { ipcMain, dispatch, hub, log } = deps;
  const windows = new Map<TransportContents, () => void>();

  ipcMain.handle(IPC_CALL_CHANNEL, async (event, channel, input) => {
    const refusal = refuseSender(event, windows);
    if (refusal !== null) {
      log.warn({ reason: refusal }, 'refused an IPC call');
      return { ok: false, error: { code: FORBIDDEN, message: 'This sender may not call Draftdeck' } };
    }
    try {
      return await dispatch(channel, input);
    } catch (error) {
      // dispatch never throws; if it ever does, the page still gets an answer it can read.
      log.error({ err: error }, 'dispatch threw');
      return { ok: false, error: { code: IpcErrorCode.internal, message: 'Internal error' } };
    }
  });

  function detach(contents: TransportContents): void {
    windows.get(contents)?.();
    windows.delete(contents);
  }

  return {
    attach(window) {
      const contents = window.webContents;
      if (windows.has(contents)) return;
      const unsubscribe = hub.subscribe((batch) => {
        // Events are for the app's page only; a page being replaced or torn down gets none.
        if (contents.isDestroyed() || !isAppUrl(contents.mainFrame.url)) return;
        contents.send(IPC_EVENTS_CHANNEL, batch);
      });
      windows.set(contents, unsubscribe);
      window.once('closed', () => detach(contents));
    },
    dispose() {
      ipcMain.removeHandler(IPC_CALL_CHANNEL);
      for (const contents of [...windows.keys()]) detach(contents);
    },
  };
}
