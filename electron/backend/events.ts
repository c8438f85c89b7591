import type { AppEvent, DataScope } from '@shared/contract';

export type Listener = (event: AppEvent) => void;

/** Fan-out of backend events to every open window (IPC) or browser tab (SSE). */
export class EventBus {
  private readonly listeners = new Set<Listener>();

  on(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: AppEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A broken subscriber (a closed socket) must not stop the others from hearing about it.
      }
    }
  }

  changed(scopes: readonly DataScope[]): void {
    if (scopes.length > 0) this.emit({ type: 'data.changed', scopes: [...scopes] });
  }
}
