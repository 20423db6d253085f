import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import type { FiatOrder } from '../../domain/fiat';
import { fiatAppealMachine } from '../../src/features/fiat/machines/fiatAppeal/fiatAppeal.machine';
import { fiatBuyerMachine } from '../../src/features/fiat/machines/fiatBuyer/fiatBuyer.machine';
import { fiatSellerMachine } from '../../src/features/fiat/machines/fiatSeller/fiatSeller.machine';
import { APPEAL, loaded, PAID, PAID_OVERDUE } from '../../src/features/fiat/machines/fiatFixtures';
import type { AppealInput } from '../../src/features/fiat/machines/fiatOrderShared';

/** The appeal over a scripted call, recording what was sent. */
/** An order's appeal dialog filled with `reason`, sent and confirmed. */
function fileAppeal(dialog: AnyActorRef, reason: string) {
  dialog.send({ type: 'appeal.reason', reason });
  dialog.send({ type: 'appeal.submit' });
  dialog.send({ type: 'appeal.confirm' });
}

function appealWith(answer: (input: AppealInput) => Promise<FiatOrder>) {
  const sent: AppealInput[] = [];
  const machine = fiatAppealMachine.provide({
    actors: {
      appealOrder: fromPromise(async ({ input }: { input: AppealInput }) => {
        sent.push(input);
        return answer(input);
      }),
    },
  });
  return { machine, sent };
}

describe('a party\'s appeal', () => {
  it('needs a reason, then a confirmation, and ends with the order in appeal', async () => {
    const { machine, sent } = appealWith(async () => APPEAL);
    const actor = createActor(machine, { input: { orderId: 21 } }).start();
    actor.send({ type: 'appeal.submit' });
    expect(actor.getSnapshot().value).toBe('writing');
    expect(actor.getSnapshot().context.problem).toEqual({ key: 'fiat.appealReasonRequired' });
    actor.send({ type: 'appeal.reason', reason: '  No confirmation after an hour  ' });
    expect(actor.getSnapshot().context.problem).toBeUndefined();
    actor.send({ type: 'appeal.submit' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'appeal.back' });
    actor.send({ type: 'appeal.submit' });
    actor.send({ type: 'appeal.confirm' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.output).toEqual({ order: APPEAL });
    expect(sent).toEqual([{ orderId: 21, reason: 'No confirmation after an hour' }]);
  });

  it('a refusal keeps the reason and shows the server\'s translated message', async () => {
    const { machine } = appealWith(() => Promise.reject({ kind: 'server', serverMessage: 'Dieser Auftrag erlaubt das nicht mehr' }));
    const actor = createActor(machine, { input: { orderId: 21 } }).start();
    actor.send({ type: 'appeal.reason', reason: 'x' });
    actor.send({ type: 'appeal.submit' });
    actor.send({ type: 'appeal.confirm' });
    const back = await waitFor(actor, (s) => s.matches('writing'));
    expect(back.context).toMatchObject({ reason: 'x', problem: { text: 'Dieser Auftrag erlaubt das nicht mehr' } });
  });

  it('in the buyer\'s order: submitted shows the order in appeal; dismissed goes back to waiting', async () => {
    const { machine: appeal } = appealWith(async () => APPEAL);
    const buyer = fiatBuyerMachine.provide({
      actors: { appeal, loadOrder: fromPromise(async () => loaded(PAID_OVERDUE)), orderUpdates: fromCallback(() => () => undefined) },
    });
    const actor = createActor(buyer, { input: { orderId: 21 } }).start();
    await waitFor(actor, (s) => s.matches({ flow: 'paid' }));
    actor.send({ type: 'buyer.appeal' });
    actor.getSnapshot().children.appeal!.send({ type: 'appeal.dismiss' });
    expect(actor.getSnapshot().matches({ flow: { paid: 'waiting' } })).toBe(true);
    actor.send({ type: 'buyer.appeal' });
    fileAppeal(actor.getSnapshot().children.appeal!, 'The seller does not confirm');
    const s = await waitFor(actor, (snap) => snap.matches({ flow: 'appeal' }));
    expect(s.context.order?.status).toBe('appeal');
    actor.stop();
  });

  it('the buyer cannot appeal before the seller\'s time is up; the seller can', async () => {
    const { machine: appeal } = appealWith(async () => ({ ...APPEAL, appeal_by: 'seller' }));
    const buyer = createActor(fiatBuyerMachine.provide({ actors: { appeal, loadOrder: fromPromise(async () => loaded(PAID)), orderUpdates: fromCallback(() => () => undefined) } }), { input: { orderId: 21 } }).start();
    await waitFor(buyer, (s) => s.matches({ flow: 'paid' }));
    buyer.send({ type: 'buyer.appeal' });
    expect(buyer.getSnapshot().children.appeal).toBeUndefined();
    buyer.stop();
    const seller = createActor(fiatSellerMachine.provide({ actors: { appeal, loadOrder: fromPromise(async () => loaded({ ...PAID, role: 'seller' })), orderUpdates: fromCallback(() => () => undefined) } }), { input: { orderId: 21 } }).start();
    await waitFor(seller, (s) => s.matches({ flow: 'paid' }));
    seller.send({ type: 'seller.appeal' });
    fileAppeal(seller.getSnapshot().children.appeal!, 'No money arrived');
    const s = await waitFor(seller, (snap) => snap.matches({ flow: 'appeal' }));
    expect(s.context.order?.appeal_by).toBe('seller');
    seller.stop();
  });
});
