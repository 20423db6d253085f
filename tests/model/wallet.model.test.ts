import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventObject } from 'xstate';
import { createWalletSignals } from '../../src/features/wallet/actors/wallet.actors';
import { depositModel } from '../../src/features/wallet/machines/deposit/deposit.model';
import type { MachineModel } from '../../src/app/machines/model.types';
import { operatorWithdrawalsModel } from '../../src/features/wallet/machines/operatorWithdrawals/operatorWithdrawals.model';
import { transferModel } from '../../src/features/wallet/machines/transfer/transfer.model';
import { walletBalancesModel } from '../../src/features/wallet/machines/walletBalances/walletBalances.model';
import { walletRecordsModel } from '../../src/features/wallet/machines/walletRecords/walletRecords.model';
import { deferredActors, standInsFor } from './harness';
import { confirmActing } from '../../src/app/machines/confirmAct/confirmAct.machine';
import { pagedListMachine, type PagedListActorRef } from '../../src/app/machines/pagedList/pagedList.machine';
import { currencies, network, setUp } from './walletScenario';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

const TRANSFER_ACTORS = ['fetchAvailable', 'submitTransfer'];
// The wallet's accounts in their places, as the products declare them (app/walletAccountList.ts).
const TRANSFER_ACCOUNTS = ['spot', 'contract', 'sec_contract', 'legal', 'ico'] as const;

describe('transfer machine (scenarios)', () => {
  it('never lets source and target be the same account: choosing one as the other swaps them', async () => {
    const { actor, deferred } = setUp(transferModel, TRANSFER_ACTORS, { currencies: ['USDT'], accounts: TRANSFER_ACCOUNTS });
    expect(actor.getSnapshot().context).toMatchObject({ from: 'spot', to: 'contract' });
    actor.send({ type: 'transfer.to', account: 'spot' });
    expect(actor.getSnapshot().context).toMatchObject({ from: 'contract', to: 'spot' });
    actor.send({ type: 'transfer.swap' });
    expect(actor.getSnapshot().context).toMatchObject({ from: 'spot', to: 'contract' });
    expect(deferred.inputsOf('fetchAvailable').at(-1)).toEqual({ currency: 'USDT', account: 'spot' });
  });

  it('moves up to the available amount, says "transfer succeeded", and reads the new available', async () => {
    const { actor, deferred, log, settle } = setUp(transferModel, TRANSFER_ACTORS, { currencies: ['USDT'], accounts: TRANSFER_ACCOUNTS });
    await settle({ type: 'xstate.done.actor.fetchAvailable', output: '250' });
    actor.send({ type: 'transfer.submit', quantity: '250.00000001' });
    expect(log.at(-1)).toContain('wallet.validation.insufficient');
    actor.send({ type: 'transfer.submit', quantity: '250' });
    actor.send({ type: 'transfer.submit', quantity: '250' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(deferred.inputsOf('submitTransfer')).toEqual([{ request: { currency: 'USDT', from: 'spot', to: 'contract', quantity: '250' }, idempotencyKey: 'local-key-1' }]);
    await settle({ type: 'xstate.done.actor.submitTransfer', output: {} });
    expect(actor.getSnapshot().value).toEqual({ form: 'loadingAvailable' });
    expect(actor.getSnapshot().context.completed).toBe(1);
    expect(log).toContain('showToast:{"tone":"success","message":{"key":"wallet.transfer.succeeded"}}');
    expect(log).toContain('transferred');
    expect(deferred.inputsOf('fetchAvailable')).toHaveLength(2);
  });

  it('a second transfer pressed inside the 2000 ms window is not swallowed: the button is pending, the press is told to wait, then it goes (issue 37 §10)', async () => {
    const { actor, deferred, log, settle } = setUp(transferModel, TRANSFER_ACTORS, { currencies: ['USDT'], accounts: TRANSFER_ACCOUNTS });
    await settle({ type: 'xstate.done.actor.fetchAvailable', output: '250' });
    actor.send({ type: 'transfer.submit', quantity: '10' });
    expect(actor.getSnapshot().context.cooling).toBe(true);
    await settle({ type: 'xstate.done.actor.submitTransfer', output: {} });
    await settle({ type: 'xstate.done.actor.fetchAvailable', output: '240' });
    await vi.advanceTimersByTimeAsync(500);
    actor.send({ type: 'transfer.submit', quantity: '10' });
    expect(log.at(-1)).toBe('showToast:{"tone":"error","message":{"key":"wallet.transfer.wait"}}');
    expect(actor.getSnapshot().context.cooling).toBe(true);
    await vi.advanceTimersByTimeAsync(1500);
    expect(actor.getSnapshot().context.cooling).toBe(false);
    actor.send({ type: 'transfer.submit', quantity: '10' });
    expect(deferred.inputsOf('submitTransfer')).toHaveLength(2);
  });

  it('a retry of the same transfer after an error carries the same key', async () => {
    const { actor, deferred, settle } = setUp(transferModel, TRANSFER_ACTORS, { currencies: ['USDT'], accounts: TRANSFER_ACCOUNTS });
    await settle({ type: 'xstate.done.actor.fetchAvailable', output: '250' });
    actor.send({ type: 'transfer.submit', quantity: '10' });
    await settle({ type: 'xstate.error.actor.submitTransfer', error: { kind: 'network' } });
    await vi.advanceTimersByTimeAsync(2000);
    actor.send({ type: 'transfer.submit', quantity: '10' });
    const keys = deferred.inputsOf('submitTransfer').map((i) => (i as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toEqual(['local-key-1', 'local-key-1']);
  });
});

describe('deposit machine (scenarios)', () => {

  it('loads the networks, takes the first open one, shows its address, and copies it', async () => {
    const { actor, deferred, log, settle } = setUp(depositModel, ['fetchNetworks', 'fetchAddress', 'copyText'], { currency: 'usdt', currencies });
    await settle({ type: 'xstate.done.actor.fetchNetworks', output: [{ ...network, network: 'OMNI', deposit_enabled: false }, network] });
    expect(deferred.inputsOf('fetchAddress')).toEqual([{ currency: 'USDT', network: 'TRC20' }]);
    await settle({ type: 'xstate.done.actor.fetchAddress', output: { currency: 'USDT', network: 'TRC20', address: 'TLa2f6', deposit_min: '1' } });
    actor.send({ type: 'deposit.copy' });
    expect(deferred.inputsOf('copyText')).toEqual([{ text: 'TLa2f6' }]);
    await settle({ type: 'xstate.done.actor.copyText', output: false });
    expect(log.at(-1)).toContain('settings.copyFailed');
    actor.send({ type: 'deposit.currency', currency: 'DOGE' });
    expect(actor.getSnapshot().value).toBe('closed');
  });
});

/** A parent over the shared paged list (provided as wallet.flows.ts does), its `loadPage` a deferred stand-in. */
function withList(model: MachineModel, promiseActors: string[], input?: unknown, extra: Record<string, unknown> = {}) {
  const rows = standInsFor(pagedListMachine);
  const list = pagedListMachine.provide({ actors: rows.actors, actions: { showToast: () => undefined } });
  const t = setUp(model, promiseActors, input, { list, ...extra });
  const settleList = async (output: unknown) => {
    rows.settle({ type: 'xstate.done.actor.loadPage', output });
    await vi.advanceTimersByTimeAsync(0);
  };
  const listRef = () => t.actor.getSnapshot().children.list as PagedListActorRef;
  return { ...t, reads: () => rows.inputsOf('loadPage'), settleList, listRef };
}

/** A row action's question: the shared confirm-then-act child, acting through a deferred stand-in `act`. */
function asking() {
  const act = deferredActors(['act']);
  const settle = async (event: EventObject & { output?: unknown; error?: unknown }) => {
    act.settle(event);
    await vi.advanceTimersByTimeAsync(0);
  };
  return { inputs: () => act.inputsOf('act'), settle, logic: confirmActing(act.actors.act, () => undefined) };
}

/** The child a parent runs under `id`, to answer its question as the dialog would. */
const childOf = (actor: { getSnapshot(): { children: Record<string, unknown> } }, id: string) => actor.getSnapshot().children[id] as { send(event: EventObject): void; getSnapshot(): { value: unknown } };

describe('paged records machine (scenarios)', () => {

  it('a preset change goes back to page 1; a cancel asks first and reloads', async () => {
    const cancel = asking();
    const { actor, log, reads, settleList, listRef } = withList(walletRecordsModel, [], { days: 7, actionDoneKey: 'wallet.withdraw.cancelled' }, { actOnRow: cancel.logic });
    await settleList({ list: [{ id: 4 }], total: 25, page: 1, size: 10 });
    listRef().send({ type: 'list.page', page: 3 });
    await settleList({ list: [{ id: 1 }], total: 25, page: 3, size: 10 });
    listRef().send({ type: 'list.page', page: 4 });
    expect(listRef().getSnapshot().value).toEqual({ ready: 'shown' });
    listRef().send({ type: 'list.filter', filter: { days: 30 } });
    expect(reads().at(-1)).toEqual({ filter: { days: 30 }, page: 1, size: 10 });
    await settleList({ list: [{ id: 4 }], total: 1, page: 1, size: 10 });
    actor.send({ type: 'records.act', id: 4 });
    childOf(actor, 'actOnRow').send({ type: 'confirmAct.cancel' });
    expect(cancel.inputs()).toHaveLength(0);
    actor.send({ type: 'records.act', id: 4 });
    childOf(actor, 'actOnRow').send({ type: 'confirmAct.confirm' });
    await cancel.settle({ type: 'xstate.done.actor.act', output: null });
    expect(cancel.inputs()).toEqual([{ id: 4 }]);
    expect(log).toEqual(['showToast:{"tone":"success","message":{"key":"wallet.withdraw.cancelled"}}', 'rowActed']);
    expect(childOf(actor, 'actOnRow').getSnapshot().value).toBe('idle');
    expect(listRef().getSnapshot().value).toBe('loading');
  });

  it('polls while shown when asked to (deposits advancing through confirmations)', async () => {
    const { reads, settleList } = withList(walletRecordsModel, [], { days: 7, pollMs: 3000 });
    await settleList({ list: [], total: 0, page: 1, size: 10 });
    await vi.advanceTimersByTimeAsync(2999);
    expect(reads()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(reads()).toHaveLength(2);
  });

  it('a list of one currency asks only for it, on every read; a list of all asks without one', async () => {
    const one = withList(walletRecordsModel, [], { days: 7, pollMs: 3000, currency: 'USDT' });
    await one.settleList({ list: [], total: 0, page: 1, size: 10 });
    one.listRef().send({ type: 'list.filter', filter: { days: 3 } });
    await one.settleList({ list: [], total: 0, page: 1, size: 10 });
    await vi.advanceTimersByTimeAsync(3000);
    expect(one.reads()).toStrictEqual([
      { filter: { days: 7, currency: 'USDT' }, page: 1, size: 10 },
      { filter: { days: 3, currency: 'USDT' }, page: 1, size: 10 },
      { filter: { days: 3, currency: 'USDT' }, page: 1, size: 10 },
    ]);
    one.actor.stop();
    const all = withList(walletRecordsModel, [], { days: 7 });
    expect(all.reads()).toStrictEqual([{ filter: { days: 7 }, page: 1, size: 10 }]);
    all.actor.stop();
  });

  it('follows pushed status changes: the operator approving a withdrawal reloads the list; a refused cancel reloads it too (issue 37 §4)', async () => {
    const signals = createWalletSignals();
    const cancel = asking();
    const { actor, reads, settleList, listRef } = withList(walletRecordsModel, [], { days: 7, actionDoneKey: 'wallet.withdraw.cancelled' }, { walletSignals: signals.actor, actOnRow: cancel.logic });
    await settleList({ list: [{ id: 4 }], total: 1, page: 1, size: 10 });
    signals.publishRecords({ type: 'stream.product', kind: 'wallet', payload: { channel: 'user', kind: 'wallet', record: 'withdrawal', id: 4, status: 2 } });
    expect(reads()).toHaveLength(2);
    await settleList({ list: [{ id: 4 }], total: 1, page: 1, size: 10 });
    signals.publishRecords({ type: 'stream.product', kind: 'seconds', payload: {} });
    expect(reads()).toHaveLength(2);
    actor.send({ type: 'records.act', id: 4 });
    childOf(actor, 'actOnRow').send({ type: 'confirmAct.confirm' });
    await cancel.settle({ type: 'xstate.error.actor.act', error: { kind: 'server', serverMessage: 'This withdrawal can no longer be cancelled' } });
    expect(listRef().getSnapshot().value).toBe('loading');
    expect(reads()).toHaveLength(3);
  });

  it('hears the wallet signals: an own change elsewhere reloads the list on screen', async () => {
    const signals = createWalletSignals();
    const { reads, settleList } = withList(walletRecordsModel, [], { days: 7 }, { walletSignals: signals.actor });
    await settleList({ list: [], total: 0, page: 1, size: 10 });
    signals.walletChanged();
    expect(reads()).toHaveLength(2);
  });
});

describe('balances machine (scenarios)', () => {

  it('applies pushed balance rows at once and reads valuations again after the burst settles', async () => {
    const signals = createWalletSignals();
    const { actor, deferred, settle } = setUp(walletBalancesModel, ['fetchWallet'], { account: 'spot' }, { walletSignals: signals.actor });
    const overview = { accounts: [], total_usdt: '100', today_pnl_usdt: '0', today_pnl_since_ms: 0, btc_usdt: '96000' };
    await settle({ type: 'xstate.done.actor.fetchWallet', output: { overview, balances: [{ currency: 'USDT', account: 'spot', available: '100', frozen: '0', valuation_usdt: '100' }] } });
    signals.publishBalances([{ currency: 'USDT', account: 'spot', available: '60', frozen: '40' }, { currency: 'BTC', account: 'contract', available: '1', frozen: '0' }]);
    signals.publishBalances([{ currency: 'USDT', account: 'spot', available: '50', frozen: '50' }]);
    expect(actor.getSnapshot().context.balances).toEqual([{ currency: 'USDT', account: 'spot', available: '50', frozen: '50', valuation_usdt: '100' }]);
    expect(actor.getSnapshot().value).toBe('stale');
    await vi.advanceTimersByTimeAsync(500);
    expect(deferred.inputsOf('fetchWallet')).toEqual([{ account: 'spot' }, { account: 'spot' }]);
  });

  it('an own change (a transfer, a withdrawal) signalled while the balances are read has them read again', () => {
    const signals = createWalletSignals();
    const { actor, deferred } = setUp(walletBalancesModel, ['fetchWallet'], { account: 'spot' }, { walletSignals: signals.actor });
    expect(actor.getSnapshot().value).toBe('loading');
    signals.walletChanged();
    expect(deferred.inputsOf('fetchWallet')).toHaveLength(2);
  });
});

describe('operator withdrawal queue (scenarios)', () => {

  it('fails a withdrawal only with a reason (a missing one said in its dialog, not toasted), sends it trimmed, then reads the queue again', async () => {
    const { actor, deferred, log, settle, reads, settleList, listRef } = withList(operatorWithdrawalsModel, ['failWithdrawal']);
    expect(reads()).toEqual([{ filter: { status: 1 }, page: 1, size: 10 }]);
    await settleList({ list: [], total: 1, page: 1, size: 10 });
    actor.send({ type: 'queue.fail', id: 12 });
    actor.send({ type: 'queue.confirm', reason: '   ' });
    expect(actor.getSnapshot().value).toBe('confirmingFail');
    expect(actor.getSnapshot().context.refusal).toEqual({ key: 'wallet.ops.reasonRequired' });
    expect(log.some((line) => line.includes('wallet.ops.reasonRequired'))).toBe(false);
    actor.send({ type: 'queue.confirm', reason: ' Sanctioned address ' });
    expect(actor.getSnapshot().context.refusal).toBeUndefined();
    expect(deferred.inputsOf('failWithdrawal')).toEqual([{ id: 12, reason: 'Sanctioned address' }]);
    await settle({ type: 'xstate.done.actor.failWithdrawal', output: null });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(listRef().getSnapshot().value).toBe('loading');
    expect(reads()).toHaveLength(2);
    // A refused failure (decided meanwhile) is said in its dialog, which stays open; the queue is read again.
    await settleList({ list: [], total: 1, page: 1, size: 10 });
    actor.send({ type: 'queue.fail', id: 13 });
    actor.send({ type: 'queue.confirm', reason: 'Sanctioned address' });
    await settle({ type: 'xstate.error.actor.failWithdrawal', error: { kind: 'server', serverMessage: 'This withdrawal was already decided' } });
    expect(actor.getSnapshot().value).toBe('confirmingFail');
    expect(actor.getSnapshot().context.refusal).toEqual({ text: 'This withdrawal was already decided' });
    expect(log.some((line) => line.includes('already decided'))).toBe(false);
    expect(reads()).toHaveLength(3);
    actor.send({ type: 'queue.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it("approves only with the operator's 2FA code, then reads the queue again; a refused approval is said in its dialog, which stays open", async () => {
    const { actor, deferred, log, settle, reads, settleList } = withList(operatorWithdrawalsModel, ['failWithdrawal', 'approveWithdrawal']);
    await settleList({ list: [], total: 1, page: 1, size: 10 });
    actor.send({ type: 'queue.approve', id: 12 });
    expect(actor.getSnapshot().matches('confirmingApprove')).toBe(true);
    actor.send({ type: 'queue.confirm', code: '12' });
    expect(actor.getSnapshot().context.refusal).toEqual({ key: 'wallet.ops.codeInvalid' });
    expect(deferred.inputsOf('approveWithdrawal')).toEqual([]);
    actor.send({ type: 'queue.confirm', code: ' 123456 ' });
    expect(deferred.inputsOf('approveWithdrawal')).toEqual([{ id: 12, code: '123456' }]);
    await settle({ type: 'xstate.done.actor.approveWithdrawal', output: null });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(log.at(-1)).toContain('wallet.ops.approved');
    expect(reads()).toHaveLength(2);
    await settleList({ list: [], total: 1, page: 1, size: 10 });
    actor.send({ type: 'queue.approve', id: 13 });
    actor.send({ type: 'queue.confirm', code: '654321' });
    await settle({ type: 'xstate.error.actor.approveWithdrawal', error: { kind: 'server', serverMessage: 'Wrong or already used authentication code' } });
    expect(actor.getSnapshot().matches('confirmingApprove')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ code: '', refusal: { text: 'Wrong or already used authentication code' } });
    expect(reads()).toHaveLength(3);
    actor.send({ type: 'queue.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
  });
});

