import type { RuntimeClientEvents, RuntimeLogger } from './runtime-types.ts';

// The clients' events: listeners are called in order, and one that throws is logged rather than
// breaking the client (or the resolve() call that told an exposure).

export interface ClientEvents {
  on<E extends keyof RuntimeClientEvents>(
    event: E,
    listener: (value: RuntimeClientEvents[E]) => void,
  ): () => void;
  emit<E extends keyof RuntimeClientEvents>(event: E, value: RuntimeClientEvents[E]): void;
  /** Whether anyone listens to the event (exposures are only tracked when someone does). */
  has(event: keyof RuntimeClientEvents): boolean;
}

type Listeners = { [E in keyof RuntimeClientEvents]: Set<(value: RuntimeClientEvents[E]) => void> };

export function createClientEvents(logger: RuntimeLogger): ClientEvents {
  const listeners: Listeners = {
    revision: new Set(),
    error: new Set(),
    connection: new Set(),
    exposure: new Set(),
    stopped: new Set(),
  };
  return {
    on(event, listener) {
      listeners[event].add(listener);
      return () => {
        listeners[event].delete(listener);
      };
    },
    emit(event, value) {
      for (const listener of listeners[event]) {
        try {
          listener(value);
        } catch (error) {
          logger.error(`runtime client: a '${event}' listener threw`, error);
        }
      }
    },
    has: (event) => listeners[event].size > 0,
  };
}
