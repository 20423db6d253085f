/** What a confirm-then-act child's parent hears once the act settled: `<prefix>.done` or `<prefix>.failed`, about the subject asked. */
export type ActReport<P extends string, TSubject, TOutput = unknown> =
  | { type: `${P}.done`; subject: TSubject; output: TOutput }
  | { type: `${P}.failed`; subject: TSubject; error: unknown };

/** How the act settled, as a `report` action's params: its output, or why it was refused. */
export type ActSettled = { output: unknown } | { error: unknown };

/**
 * The report a confirm-then-act child sends its parent once the act settled. Why shared: the
 * app's confirmAct and fiat's provenAct (the same question with a proof) report alike, each
 * under its own prefix.
 */
export function actReport<P extends string>(prefix: P, subject: unknown, settled: ActSettled): ActReport<P, unknown> {
  return 'error' in settled ? { type: `${prefix}.failed`, subject, error: settled.error } : { type: `${prefix}.done`, subject, output: settled.output };
}
