/**
 * How every entry point (the server, an edge, a front, a market process) ends on SIGINT or SIGTERM.
 * The handlers go on first, so a signal during startup never kills the process by default: then it
 * exits at once (the embedded database's exit hook asks it to stop). Once running, it stops in
 * order and exits 0, or 1 if stopping failed. A signal often arrives more than once (npx, tsx and a
 * process-group kill each pass it on): the repeats are ignored, so an orderly stop is never cut short.
 */
export function stopOnSignals(running: () => { stop(): Promise<void> } | undefined, stopping?: (signal: NodeJS.Signals) => void): void {
  let stopped = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      const current = running();
      if (!current) process.exit(signal === 'SIGINT' ? 130 : 143);
      if (stopped) return;
      stopped = true;
      stopping?.(signal);
      current.stop().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}
