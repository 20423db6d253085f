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
 */
export function createBrowserFrameScheduler(host: FrameHost, fallbackMs = 250): FrameScheduler {
  return {
    request(flush) {
      let done = false;
      const run = () => {
        if (done) return;
        done = true;
        host.cancelAnimationFrame(frame);
        host.clearTimeout(timer);
        flush();
      };
      const frame = host.requestAnimationFrame(run);
      const timer = host.setTimeout(run, fallbackMs);
      return () => {
        done = true;
        host.cancelAnimationFrame(frame);
        host.clearTimeout(timer);
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
