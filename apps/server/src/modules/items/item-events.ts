import { EventEmitter } from 'node:events';
import type { AnalysisState } from './items.presenter.ts';

export interface ItemEvent {
  tenantId: string;
  itemId: string;
  transcoding: AnalysisState;
}

/**
 * Item changes inside this process, for the SSE stream. The pipeline's progress reaches it from
 * any worker through the job queue's `watch` (see MediaPipeline.relayEvents).
 */
export class ItemEvents {
  readonly #emitter = new EventEmitter<{ item: [ItemEvent] }>();

  constructor() {
    // One listener per open SSE connection.
    this.#emitter.setMaxListeners(0);
  }

  emit(event: ItemEvent): void {
    this.#emitter.emit('item', event);
  }

  subscribe(listener: (event: ItemEvent) => void): () => void {
    this.#emitter.on('item', listener);
    return () => this.#emitter.off('item', listener);
  }
}
