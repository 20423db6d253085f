/**
 * When buffered market data is handed to the machines: at most once per animation frame, so a
 * burst of socket messages becomes one React render. The browser scheduler is built at the
 * composition root; tests use the manual one and flush by hand.
 */
export interface FrameScheduler {
  /** Runs `flush` once at the next frame; the returned function cancels it. */
  request(flush: () => void): () => void;
}

interface FrameHost {
  requestAnimationFrame(cb: () => void): number;
  cancelAnimationFrame(id: number): void;
  setTimeout(cb: () => void, ms: number): number;
  clearTimeout(id: number): void;
}

/**
 * requestAnimationFrame, raced against a timer: a background tab gets no frames, and its book
 * must still drain (at the timer's pace) instead of piling up messages.
 *
 * One frame request for every flush due, all run in the same callback: each tick channel has a
 * buffer of its own, and run from frames of their own, their updates were one React render each
 * (a microtask between two frame callbacks renders), a page of twelve pairs twelve renders a frame.
 */
export function createBrowserFrameScheduler(host: FrameHost, fallbackMs = 250): FrameScheduler {
  let due = new Set<{ flush: () => void }>();
  let frame: number | undefined;
  let timer: number | undefined;
  const stop = () => {
    if (frame !== undefined) host.cancelAnimationFrame(frame);
    if (timer !== undefined) host.clearTimeout(timer);
    frame = timer = undefined;
  };
  const run = () => {
    stop();
    const batch = due;
    due = new Set();
    for (const entry of batch) entry.flush();
  };
  return {
    request(flush) {
      const entry = { flush };
      due.add(entry);
      if (frame === undefined) {
        frame = host.requestAnimationFrame(run);
        timer = host.setTimeout(run, fallbackMs);
      }
      return () => {
        due.delete(entry);
        if (due.size === 0) stop();
      };
    },
  };
}

/** For tests: nothing runs until `flush()`. */
export function createManualScheduler(): FrameScheduler & { flush(): void; pending(): number } {
  let queue: Array<() => void> = [];
  return {
    request(flush) {
      queue.push(flush);
      return () => {
        queue = queue.filter((f) => f !== flush);
      };
    },
    flush() {
      const due = queue;
      queue = [];
      due.forEach((f) => f());
    },
    pending: () => queue.length,
  };
}
