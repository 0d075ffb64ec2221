/**
 * The event machinery of the Electron fake (fake-electron.ts): an emitter with on / once /
 * removeListener as Electron's objects have, and an event whose default can be prevented.
 */
export type AnyListener = (...args: never[]) => unknown;
export type Call = (...args: unknown[]) => unknown;

export class FakeEvent {
  defaultPrevented = false;
  preventDefault(): void {
    this.defaultPrevented = true;
  }
}

export class FakeEmitter {
  private readonly listeners = new Map<string, { fn: Call; once: boolean }[]>();

  on(event: string, listener: AnyListener): this {
    this.add(event, listener, false);
    return this;
  }

  once(event: string, listener: AnyListener): this {
    this.add(event, listener, true);
    return this;
  }

  removeListener(event: string, listener: AnyListener): this {
    const list = this.listeners.get(event) ?? [];
    this.listeners.set(event, list.filter((entry) => entry.fn !== (listener as unknown as Call)));
    return this;
  }

  emit(event: string, ...args: unknown[]): boolean {
    const list = this.listeners.get(event) ?? [];
    this.listeners.set(event, list.filter((entry) => !entry.once));
    for (const entry of list) entry.fn(...args);
    return list.length > 0;
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.length ?? 0;
  }

  private add(event: string, listener: AnyListener, once: boolean): void {
    const list = this.listeners.get(event) ?? [];
    list.push({ fn: listener as unknown as Call, once });
    this.listeners.set(event, list);
  }
}
