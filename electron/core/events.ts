/**
 * How a service tells the windows that something changed, without knowing which host carries it:
 * services receive an EventSink; transports/event-hub.ts implements it (batching for each window or
 * web client) and the composition root hands it over.
 */
import type { EventName, EventPayload } from './contract/index.js';

export interface EventSink {
  /**
   * Emits an event. With a coalesce key, a pending event with the same name and key is replaced,
   * so a batch carries each thing's latest state (one progress per draft), not every step.
   */
  emit<E extends EventName>(name: E, payload: EventPayload<E>, coalesceKey?: string): void;
}
