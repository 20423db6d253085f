import type { FrameScheduler } from '../../services/frameScheduler';

/**
 * Collects items between frames and hands them over in one batch when the scheduler says the
 * next frame is due. One pending request at a time, whatever the burst size.
 */
export function createFrameBuffer<T>(scheduler: FrameScheduler, flush: (items: T[]) => void) {
  let items: T[] = [];
  let cancel: (() => void) | undefined;
  const run = () => {
    cancel = undefined;
    const batch = items;
    items = [];
    if (batch.length > 0) flush(batch);
  };
  return {
    push(item: T) {
      items.push(item);
      cancel ??= scheduler.request(run);
    },
    dispose() {
      cancel?.();
      cancel = undefined;
      items = [];
    },
  };
}
