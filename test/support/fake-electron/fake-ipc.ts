/**
 * IPC in the Electron fake (fake-electron.ts): ipcMain's handlers, invoked as a page's frame
 * would invoke them, and the preload's ipcRenderer, whose answers and messages a test makes up.
 */
import { FakeEmitter, type Call } from './fake-emitter.js';
import type { FakeFrame, FakeWebContents } from './fake-windows.js';

export interface FakeIpcEvent {
  sender: FakeWebContents;
  senderFrame: FakeFrame | null;
}

export class FakeIpcMain extends FakeEmitter {
  readonly handlers = new Map<string, Call>();

  handle(channel: string, listener: (event: never, ...args: never[]) => unknown): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, listener as unknown as Call);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
  removeAllListeners(): this {
    return this;
  }

  /** What ipcRenderer.invoke(channel, ...args) from `event.senderFrame` would get back. */
  async invoke(channel: string, event: FakeIpcEvent, ...args: unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    return handler(event, ...args);
  }
}

export class FakeIpcRenderer extends FakeEmitter {
  readonly invocations: { channel: string; args: unknown[] }[] = [];
  respond: (channel: string, ...args: unknown[]) => unknown = () => ({ ok: true, value: null });

  async invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    this.invocations.push({ channel, args });
    return this.respond(channel, ...args);
  }

  /** A message from the main process, with the event object Electron passes first. */
  receive(channel: string, ...args: unknown[]): void {
    this.emit(channel, { sender: this, senderId: 0, ports: [] }, ...args);
  }
}
