/**
 * Events from services to windows. Services emit freely (a progress tick per chunk per upload);
 * each subscriber (a window, a web client) receives at most one message per interval: a batch of
 * everything emitted since its last one. An emit with a coalesce key replaces a pending event with
 * the same key, so a batch carries the latest progress of each upload, not every step.
 */
import { events, type EventMessage, type EventName, type EventPayload } from '../core/contract/index.js';
import type { EventSink } from '../core/events.js';

export type BatchSink = (batch: EventMessage[]) => void;

/** 100 ms: at most 10 messages a second per subscriber whatever the load. */
export const DEFAULT_BATCH_INTERVAL_MS = 100;

interface Subscriber {
  sink: BatchSink;
  pending: EventMessage[];
  keys: Map<string, number>;
  lastFlush: number;
  timer: ReturnType<typeof setTimeout> | null;
}

export class EventHub implements EventSink {
  private readonly subscribers = new Set<Subscriber>();

  constructor(private readonly intervalMs = DEFAULT_BATCH_INTERVAL_MS) {}

  emit<E extends EventName>(name: E, payload: EventPayload<E>, coalesceKey?: string): void {
    // Parse on the way out: payloads are as strictly shaped as call outputs.
    const message = { name, payload: events[name].parse(payload) } as EventMessage;
    for (const subscriber of this.subscribers) this.enqueue(subscriber, message, coalesceKey);
  }

  subscribe(sink: BatchSink): () => void {
    const subscriber: Subscriber = { sink, pending: [], keys: new Map(), lastFlush: 0, timer: null };
    this.subscribers.add(subscriber);
    return () => {
      if (subscriber.timer) clearTimeout(subscriber.timer);
      this.subscribers.delete(subscriber);
    };
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  private enqueue(subscriber: Subscriber, message: EventMessage, coalesceKey?: string): void {
    const key = coalesceKey === undefined ? undefined : `${message.name}\u0000${coalesceKey}`;
    const existing = key === undefined ? undefined : subscriber.keys.get(key);
    if (existing !== undefined) {
      subscriber.pending[existing] = message;
    } else {
      if (key !== undefined) subscriber.keys.set(key, subscriber.pending.length);
      subscriber.pending.push(message);
    }
    if (subscriber.timer) return;
    const wait = Math.max(0, subscriber.lastFlush + this.intervalMs - Date.now());
    subscriber.timer = setTimeout(() => this.flush(subscriber), wait);
  }

  private flush(subscriber: Subscriber): void {
    subscriber.timer = null;
    subscriber.lastFlush = Date.now();
    const batch = subscriber.pending;
    subscriber.pending = [];
    subscriber.keys.clear();
    if (batch.length > 0) subscriber.sink(batch);
  }
}
