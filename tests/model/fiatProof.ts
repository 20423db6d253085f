/**
 * Issue 49 §2 as a P2P confirmation asks it (a sale into a buy ad, a sell ad's publication): the
 * confirmation's proof rules, walked the same way for each machine that holds them.
 */
import { expect, vi } from 'vitest';
import type { AnyActorRef } from 'xstate';
import type { SettleEvent } from './harness';

/** The server's refusal while the account's withdrawals are locked, as a confirmation shows it. */
export const WITHDRAWALS_LOCKED = 'For your safety, no crypto can leave your account until 2026-11-28 12:00 UTC';

/**
 * In the confirmation (`confirm` is its event), nothing is sent as `sends` without the funds
 * password nor, 2FA on, without the code; the server's refusal stays in the confirmation with the
 * proof forgotten; confirming again sends the same request (its Idempotency-Key) with the new proof.
 * Answers the two requests sent, for the caller's own checks.
 */
export async function refusedProofStays(run: { actor: AnyActorRef; deferred: { settle(event: SettleEvent): void; inputsOf(name: string): unknown[] }; confirm: string; sends: string }) {
  const { actor, deferred } = run;
  actor.send({ type: run.confirm });
  expect(actor.getSnapshot().context.refusal).toEqual({ key: 'fiat.proof.passwordRequired' });
  actor.send({ type: run.confirm, fundsPassword: 'Funds-1', totpCode: '' });
  expect(actor.getSnapshot().context.refusal).toEqual({ key: 'fiat.proof.codeRequired' });
  expect(deferred.inputsOf(run.sends)).toHaveLength(0);
  actor.send({ type: run.confirm, fundsPassword: 'Funds-1', totpCode: '123456' });
  deferred.settle({ type: `xstate.error.actor.${run.sends}`, error: { kind: 'server', serverMessage: WITHDRAWALS_LOCKED } });
  await vi.advanceTimersByTimeAsync(0);
  expect(actor.getSnapshot().value).toBe('confirming');
  expect(actor.getSnapshot().context).toMatchObject({ refusal: { text: WITHDRAWALS_LOCKED }, proof: undefined });
  actor.send({ type: run.confirm, fundsPassword: 'Funds-1', totpCode: '654321' });
  const [first, second] = deferred.inputsOf(run.sends) as Array<{ request: object; idempotencyKey: string }>;
  expect(second!.idempotencyKey).toBe(first!.idempotencyKey);
  return { first: first!.request, second: second!.request };
}
