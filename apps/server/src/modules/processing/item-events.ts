import { EventEmitter } from 'node:events';
import type { AnalysisState, Guarded } from '@skald/domain';

export interface ItemEvent {
  tenantId: string;
  itemId: string;
  /** The item's owner and access lists when the event was made: a subscriber is filtered without a query. */
  access: Guarded;
  transcoding: AnalysisState;
}

/**
 * Item changes inside this process, for the SSE stream. The pipeline's progress reaches it from
 * any worker through the job queue's `watch` (see ProcessingService.relayEvents).
 */
export class ItemEvents {
  readonly #emitter = new EventEmitter<{ item: [ItemEvent] }>();

  constructor() {
    // One listener per open SSE connection.
    this.#emitter.setMaxListeners(0);
  }

  /** Whether anyone listens: an event nobody receives is not worth the reads that make it. */
  get hasSubscribers(): boolean {
    return this.#emitter.listenerCount('item') > 0;
  }

  emit(event: ItemEvent): void {
    this.#emitter.emit('item', event);
  }

  subscribe(listener: (event: ItemEvent) => void): () => void {
    this.#emitter.on('item', listener);
    return () => this.#emitter.off('item', listener);
  }
}
