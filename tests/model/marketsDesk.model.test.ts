/**
 * The risk desk's markets (issue 52 §1): its generated paths, then scenarios — the list, a halt
 * asked with its reason (the server's refusal kept in the question), a resume asked first, and an
 * auditor's desk that only reads.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventObject } from 'xstate';
import { haltedByDelisting, haltReason, marketsDeskMachine, type MarketsDeskEvent } from '../../src/features/markets/operator/marketsDesk/marketsDesk.machine';
import { btcTrading, dogeListed, ethHalted, marketsDeskModel, newContract, newCurrency, newListing, xrpDelisting } from '../../src/features/markets/operator/marketsDesk/marketsDesk.model';
import { describeModel, failedReadThenReload, settlerOf, startAsking } from './harness';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('markets desk (generated paths)', () => describeModel(marketsDeskModel));

/** The desk with deferred stand-ins, its resume question acting through a deferred `act`, and a toast log. */
function start(mayAct = true) {
  const desk = startAsking(marketsDeskMachine, 'resume', { input: { mayAct } });
  // Asked for when a test reads it: the question is only there while a resume is asked.
  const question = () => desk.actor.getSnapshot().children.resume as { send(event: EventObject): void; getSnapshot(): { value: unknown } };
  return { ...desk, settle: settlerOf(desk.deferred), settleAct: settlerOf(desk.act), question, reads: () => desk.deferred.inputsOf('fetchMarkets').length };
}

const REASON = 'Matching engine maintenance';

describe('markets desk (scenarios)', () => {
  it('reads the markets at start, and again on reload after a failed read', async () => {
    const t = start();
    await failedReadThenReload(t, { fetch: 'fetchMarkets', reload: 'markets.reload', closed: { halt: 'closed', form: 'closed' }, rows: [btcTrading, ethHalted] });
    expect(t.actor.getSnapshot().context.markets.map((m) => m.symbol)).toEqual(['BTC_USDT', 'ETH_USDT']);
    expect(t.reads()).toBe(2);
  });

  it('halts a trading market with a trimmed reason of 1 to 200 characters; a refusal stays in the open question; done, it closes and the list is read again', async () => {
    const t = start();
    t.actor.send({ type: 'markets.halt', market: 'spot', symbol: 'BTC_USDT' });
    expect(t.actor.getSnapshot().value).toEqual({ list: 'loading', halt: 'closed', form: 'closed' });
    await t.settle({ type: 'xstate.done.actor.fetchMarkets', output: [btcTrading, ethHalted] });
    // A market already halted is not asked about; an unknown one neither.
    t.actor.send({ type: 'markets.halt', market: 'spot', symbol: 'ETH_USDT' });
    t.actor.send({ type: 'markets.halt', market: 'spot', symbol: 'NOPE_USDT' });
    expect(t.actor.getSnapshot().value).toEqual({ list: 'ready', halt: 'closed', form: 'closed' });
    t.actor.send({ type: 'markets.halt', market: 'spot', symbol: 'BTC_USDT' });
    expect(t.actor.getSnapshot().value).toEqual({ list: 'ready', halt: { asking: 'editing' }, form: 'closed' });
    expect(t.actor.getSnapshot().context).toMatchObject({ halting: { market: 'spot', symbol: 'BTC_USDT' }, asked: 1 });
    t.actor.send({ type: 'markets.submitHalt', reason: '   ' });
    t.actor.send({ type: 'markets.submitHalt', reason: 'x'.repeat(201) });
    expect(t.deferred.inputsOf('haltMarket')).toHaveLength(0);
    t.actor.send({ type: 'markets.submitHalt', reason: `  ${REASON} ` });
    expect(t.deferred.inputsOf('haltMarket')).toEqual([{ market: 'spot', symbol: 'BTC_USDT', reason: REASON }]);
    // A second click and a close while the server decides are not heard.
    t.actor.send({ type: 'markets.submitHalt', reason: REASON });
    t.actor.send({ type: 'markets.close' });
    expect(t.actor.getSnapshot().value).toEqual({ list: 'ready', halt: { asking: 'sending' }, form: 'closed' });
    await t.settle({ type: 'xstate.error.actor.haltMarket', error: { kind: 'server', serverMessage: 'This market is already halted' } });
    expect(t.actor.getSnapshot().value).toEqual({ list: 'ready', halt: { asking: 'editing' }, form: 'closed' });
    expect(t.actor.getSnapshot().context.refusal).toEqual({ text: 'This market is already halted' });
    expect(t.toasts).toEqual([]);
    t.actor.send({ type: 'markets.submitHalt', reason: 'x'.repeat(200) });
    expect(t.actor.getSnapshot().context.refusal).toBeUndefined();
    await t.settle({ type: 'xstate.done.actor.haltMarket', output: { ...btcTrading, halted_reason: 'x'.repeat(200), halted_at: 1 } });
    expect(t.actor.getSnapshot().value).toEqual({ list: 'loading', halt: 'closed', form: 'closed' });
    expect(t.actor.getSnapshot().context).toMatchObject({ halting: undefined, refusal: undefined });
    expect(t.toasts).toEqual([{ tone: 'success', message: { key: 'marketsDesk.halted' } }]);
    expect(t.reads()).toBe(2);
  });

  it('closing the question sends nothing and forgets its refusal; the next one starts afresh', async () => {
    const t = start();
    await t.settle({ type: 'xstate.done.actor.fetchMarkets', output: [btcTrading] });
    t.actor.send({ type: 'markets.halt', market: 'spot', symbol: 'BTC_USDT' });
    t.actor.send({ type: 'markets.submitHalt', reason: REASON });
    await t.settle({ type: 'xstate.error.actor.haltMarket', error: { kind: 'server', serverMessage: 'No spot market trades this pair' } });
    t.actor.send({ type: 'markets.close' });
    expect(t.actor.getSnapshot().context).toMatchObject({ halting: undefined, refusal: undefined });
    t.actor.send({ type: 'markets.halt', market: 'spot', symbol: 'BTC_USDT' });
    expect(t.actor.getSnapshot().context).toMatchObject({ halting: { market: 'spot', symbol: 'BTC_USDT' }, refusal: undefined, asked: 2 });
  });

  it('resumes a halted market only after the question, and reads the list again either way', async () => {
    const t = start();
    await t.settle({ type: 'xstate.done.actor.fetchMarkets', output: [btcTrading, ethHalted] });
    t.actor.send({ type: 'markets.resume', market: btcTrading });
    expect(t.question().getSnapshot().value).toBe('idle');
    // Its delisting halted it: no question is opened (the server would refuse the resume).
    t.actor.send({ type: 'markets.resume', market: { ...ethHalted, delist_at: 1_790_000_000_000, delist_halted: true } });
    expect(t.question().getSnapshot().value).toBe('idle');
    t.actor.send({ type: 'markets.resume', market: ethHalted });
    expect(t.question().getSnapshot().value).toBe('confirming');
    t.question().send({ type: 'confirmAct.cancel' });
    expect(t.act.inputsOf('act')).toHaveLength(0);
    t.actor.send({ type: 'markets.resume', market: ethHalted });
    t.question().send({ type: 'confirmAct.confirm' });
    expect(t.act.inputsOf('act')).toEqual([{ market: 'spot', symbol: 'ETH_USDT', reason: ethHalted.halted_reason }]);
    await t.settleAct({ type: 'xstate.done.actor.act', output: { ...ethHalted, halted_reason: null, halted_at: null } });
    expect(t.toasts.at(-1)).toEqual({ tone: 'success', message: { key: 'marketsDesk.resumed' } });
    expect(t.reads()).toBe(2);
    await t.settle({ type: 'xstate.done.actor.fetchMarkets', output: [btcTrading, ethHalted] });
    t.actor.send({ type: 'markets.resume', market: ethHalted });
    t.question().send({ type: 'confirmAct.confirm' });
    await t.settleAct({ type: 'xstate.error.actor.act', error: { kind: 'server', serverMessage: 'This market is not halted' } });
    expect(t.toasts.at(-1)).toEqual({ tone: 'error', message: { text: 'This market is not halted' } });
    expect(t.reads()).toBe(3);
  });

  it('halts a contract as its own market: the spot market of the same pair is another row', async () => {
    const t = start();
    const btcContract = { ...btcTrading, market: 'futures' as const };
    await t.settle({ type: 'xstate.done.actor.fetchMarkets', output: [ethHalted, { ...btcContract, halted_reason: null }] });
    expect(t.actor.getSnapshot().context.shown).toBe('spot');
    t.actor.send({ type: 'markets.show', market: 'futures' });
    expect(t.actor.getSnapshot().context.shown).toBe('futures');
    // ETH_USDT has no contract on the list: not asked about; BTC_USDT's contract is.
    t.actor.send({ type: 'markets.halt', market: 'futures', symbol: 'ETH_USDT' });
    expect(t.actor.getSnapshot().value).toEqual({ list: 'ready', halt: 'closed', form: 'closed' });
    t.actor.send({ type: 'markets.halt', market: 'futures', symbol: 'BTC_USDT' });
    expect(t.actor.getSnapshot().context.halting).toEqual({ market: 'futures', symbol: 'BTC_USDT' });
    t.actor.send({ type: 'markets.submitHalt', reason: REASON });
    expect(t.deferred.inputsOf('haltMarket')).toEqual([{ market: 'futures', symbol: 'BTC_USDT', reason: REASON }]);
  });

  it('without trading.write (an auditor) reads the markets and asks nothing', async () => {
    const t = start(false);
    await t.settle({ type: 'xstate.done.actor.fetchMarkets', output: [btcTrading, ethHalted] });
    expect(t.actor.getSnapshot().context.mayAct).toBe(false);
    t.actor.send({ type: 'markets.halt', market: 'spot', symbol: 'BTC_USDT' });
    t.actor.send({ type: 'markets.submitHalt', reason: REASON });
    t.actor.send({ type: 'markets.resume', market: ethHalted });
    expect(t.actor.getSnapshot().value).toEqual({ list: 'ready', halt: 'closed', form: 'closed' });
    expect(t.question().getSnapshot().value).toBe('idle');
    expect(t.deferred.inputsOf('haltMarket')).toHaveLength(0);
  });
});

describe('markets desk: listing and delisting forms (scenarios)', () => {
  it('lists a pair with the 2FA code; a refusal stays under the open form; done, it closes, toasts and reads the list again', async () => {
    const t = start();
    await t.settle({ type: 'xstate.done.actor.fetchMarkets', output: [btcTrading] });
    t.actor.send({ type: 'markets.openListing' });
    expect(t.actor.getSnapshot().value).toMatchObject({ form: { listing: 'editing' } });
    expect(t.actor.getSnapshot().context.forms).toBe(1);
    // Without a well-formed code nothing is sent.
    t.actor.send({ type: 'markets.submitListing', listing: newListing, code: '12' });
    t.actor.send({ type: 'markets.submitListing', listing: newListing, code: '' });
    expect(t.deferred.inputsOf('listPair')).toHaveLength(0);
    t.actor.send({ type: 'markets.submitListing', listing: newListing, code: ' 123456 ' });
    expect(t.deferred.inputsOf('listPair')).toEqual([{ ...newListing, code: '123456' }]);
    // A close while the server decides is not heard.
    t.actor.send({ type: 'markets.closeForm' });
    expect(t.actor.getSnapshot().value).toMatchObject({ form: { listing: 'sending' } });
    await t.settle({ type: 'xstate.error.actor.listPair', error: { kind: 'server', serverMessage: 'Wrong verification code' } });
    expect(t.actor.getSnapshot().value).toMatchObject({ form: { listing: 'editing' } });
    expect(t.actor.getSnapshot().context.formRefusal).toEqual({ text: 'Wrong verification code' });
    expect(t.toasts).toEqual([]);
    t.actor.send({ type: 'markets.submitListing', listing: newListing, code: '654321' });
    expect(t.actor.getSnapshot().context.formRefusal).toBeUndefined();
    await t.settle({ type: 'xstate.done.actor.listPair', output: { symbol: 'SOL_USDT' } });
    expect(t.actor.getSnapshot().value).toMatchObject({ list: 'loading', form: 'closed' });
    expect(t.toasts).toEqual([{ tone: 'success', message: { key: 'marketsDesk.listed' } }]);
    expect(t.reads()).toBe(2);
  });

  it('announces a delisting of a trading spot market with no delisting announced, with a trimmed reason and the code', async () => {
    const t = start();
    const announced = { ...btcTrading, symbol: 'XRP_USDT', delist_at: 1_800_000_000_000 };
    await t.settle({ type: 'xstate.done.actor.fetchMarkets', output: [btcTrading, ethHalted, announced, { ...btcTrading, market: 'futures' as const, symbol: 'LTC_USDT' }] });
    // Unknown, only a contract (not this spot market), or already announced: no form.
    for (const symbol of ['NOPE_USDT', 'LTC_USDT', 'XRP_USDT']) t.actor.send({ type: 'markets.openDelisting', market: 'spot', symbol });
    expect(t.actor.getSnapshot().value).toMatchObject({ form: 'closed' });
    // A halted market may still be delisted.
    t.actor.send({ type: 'markets.openDelisting', market: 'spot', symbol: 'ETH_USDT' });
    expect(t.actor.getSnapshot().context.delisting).toEqual({ market: 'spot', symbol: 'ETH_USDT' });
    t.actor.send({ type: 'markets.closeForm' });
    expect(t.actor.getSnapshot().context.delisting).toBeUndefined();
    t.actor.send({ type: 'markets.openDelisting', market: 'spot', symbol: 'BTC_USDT' });
    t.actor.send({ type: 'markets.submitDelisting', delist_at: 1_790_000_000_000, reason: '  ', code: '123456' });
    t.actor.send({ type: 'markets.submitDelisting', delist_at: 1_790_000_000_000, reason: 'x'.repeat(201), code: '123456' });
    t.actor.send({ type: 'markets.submitDelisting', delist_at: Number.NaN, reason: 'Wound down', code: '123456' });
    t.actor.send({ type: 'markets.submitDelisting', delist_at: 1_790_000_000_000, reason: 'Wound down', code: 'abc' });
    expect(t.deferred.inputsOf('delistMarket')).toHaveLength(0);
    t.actor.send({ type: 'markets.submitDelisting', delist_at: 1_790_000_000_000, reason: ' Wound down ', code: 'ABCDE-12345' });
    expect(t.deferred.inputsOf('delistMarket')).toEqual([{ market: 'spot', symbol: 'BTC_USDT', delist_at: 1_790_000_000_000, reason: 'Wound down', code: 'ABCDE-12345' }]);
    await t.settle({ type: 'xstate.error.actor.delistMarket', error: { kind: 'server', serverMessage: 'The delisting time must be now or later' } });
    expect(t.actor.getSnapshot().context).toMatchObject({ delisting: { market: 'spot', symbol: 'BTC_USDT' }, formRefusal: { text: 'The delisting time must be now or later' } });
    t.actor.send({ type: 'markets.submitDelisting', delist_at: 1_790_000_100_000, reason: 'Wound down', code: '123456' });
    await t.settle({ type: 'xstate.done.actor.delistMarket', output: { symbol: 'BTC_USDT', delist_at: 1_790_000_100_000 } });
    expect(t.actor.getSnapshot().value).toMatchObject({ list: 'loading', form: 'closed' });
    expect(t.toasts.at(-1)).toEqual({ tone: 'success', message: { key: 'marketsDesk.delistAnnounced' } });
  });

  it("announces a contract's delisting through the same form, naming the contract, with its own toast", async () => {
    const t = start();
    const contract = { ...btcTrading, market: 'futures' as const, symbol: 'LTC_USDT' };
    const announced = { ...contract, symbol: 'XRP_USDT', delist_at: 1_800_000_000_000 };
    await t.settle({ type: 'xstate.done.actor.fetchMarkets', output: [btcTrading, contract, announced] });
    // No contract on BTC_USDT (its spot market only), or a contract already announced: no form.
    for (const symbol of ['BTC_USDT', 'XRP_USDT']) t.actor.send({ type: 'markets.openDelisting', market: 'futures', symbol });
    expect(t.actor.getSnapshot().value).toMatchObject({ form: 'closed' });
    t.actor.send({ type: 'markets.openDelisting', market: 'futures', symbol: 'LTC_USDT' });
    t.actor.send({ type: 'markets.submitDelisting', delist_at: 1_790_000_000_000, reason: ' Contract retired ', code: '123456' });
    expect(t.deferred.inputsOf('delistMarket')).toEqual([{ market: 'futures', symbol: 'LTC_USDT', delist_at: 1_790_000_000_000, reason: 'Contract retired', code: '123456' }]);
    await t.settle({ type: 'xstate.done.actor.delistMarket', output: { symbol: 'LTC_USDT', delist_at: 1_790_000_000_000 } });
    expect(t.actor.getSnapshot().value).toMatchObject({ list: 'loading', form: 'closed' });
    expect(t.toasts.at(-1)).toEqual({ tone: 'success', message: { key: 'marketsDesk.contractDelistAnnounced' } });
  });

  it("keeps the currencies the list gives after the markets apart, and announces a listed currency's delisting through the same form, to its own toast", async () => {
    const t = start();
    await t.settle({ type: 'xstate.done.actor.fetchMarkets', output: [btcTrading, dogeListed, xrpDelisting] });
    expect(t.actor.getSnapshot().context).toMatchObject({ markets: [btcTrading], currencies: [dogeListed, xrpDelisting] });
    // Unknown, being delisted already, or a market's symbol: no form.
    for (const symbol of ['NOPE', 'XRP', 'BTC_USDT']) t.actor.send({ type: 'markets.openDelisting', market: 'currency', symbol });
    // A spot market named as a currency is not one.
    t.actor.send({ type: 'markets.openDelisting', market: 'spot', symbol: 'DOGE' });
    expect(t.actor.getSnapshot().value).toMatchObject({ form: 'closed' });
    t.actor.send({ type: 'markets.openDelisting', market: 'currency', symbol: 'DOGE' });
    expect(t.actor.getSnapshot().context.delisting).toEqual({ market: 'currency', symbol: 'DOGE' });
    t.actor.send({ type: 'markets.submitDelisting', delist_at: 1_790_000_000_000, reason: ' Project discontinued ', code: '123456' });
    expect(t.deferred.inputsOf('delistMarket')).toEqual([{ market: 'currency', symbol: 'DOGE', delist_at: 1_790_000_000_000, reason: 'Project discontinued', code: '123456' }]);
    // The server's refusal (a pair on it still listed) stays under the open form.
    await t.settle({ type: 'xstate.error.actor.delistMarket', error: { kind: 'server', serverMessage: 'Delist the markets of DOGE first: DOGE_USDT' } });
    expect(t.actor.getSnapshot().value).toMatchObject({ form: { delisting: 'editing' } });
    expect(t.actor.getSnapshot().context.formRefusal).toEqual({ text: 'Delist the markets of DOGE first: DOGE_USDT' });
    t.actor.send({ type: 'markets.submitDelisting', delist_at: 1_790_000_000_000, reason: 'Project discontinued', code: '654321' });
    await t.settle({ type: 'xstate.done.actor.delistMarket', output: { symbol: 'DOGE', delist_at: 1_790_000_000_000 } });
    expect(t.actor.getSnapshot().value).toMatchObject({ list: 'loading', form: 'closed' });
    expect(t.toasts.at(-1)).toEqual({ tone: 'success', message: { key: 'marketsDesk.currencyDelistAnnounced' } });
    expect(t.reads()).toBe(2);
  });

  it('tells a market halted by its delisting from one halted before it, by what the server says', () => {
    const announced = { ...ethHalted, market: 'futures' as const, delist_at: 1_790_000_000_000 };
    expect(haltedByDelisting({ ...announced, delist_halted: true })).toBe(true);
    expect(haltedByDelisting({ ...announced, delist_halted: false })).toBe(false);
    expect(haltedByDelisting(ethHalted)).toBe(false);
  });

  it('without trading.write opens no form', async () => {
    const t = start(false);
    await t.settle({ type: 'xstate.done.actor.fetchMarkets', output: [btcTrading, dogeListed] });
    t.actor.send({ type: 'markets.openListing' });
    t.actor.send({ type: 'markets.openDelisting', market: 'spot', symbol: 'BTC_USDT' });
    t.actor.send({ type: 'markets.openDelisting', market: 'currency', symbol: 'DOGE' });
    t.actor.send({ type: 'markets.openCurrency' });
    t.actor.send({ type: 'markets.openContract' });
    expect(t.actor.getSnapshot().value).toMatchObject({ form: 'closed' });
  });

  // The two forms only the server judges (decision 0041): whatever is typed is sent, the code only when one is typed.
  it.each([
    {
      title: 'lists a contract with the code as typed; a refusal stays under the form; done, it closes and the list is read again',
      form: 'contract',
      open: 'markets.openContract',
      submit: 'markets.submitContract',
      src: 'listContract',
      listing: newContract,
      noCode: '',
      refused: 'This pair has a perpetual contract already',
      listed: { symbol: 'ADA_USDT' },
      saved: 'marketsDesk.contract.listed',
    },
    {
      title: 'lists a currency with the code as typed (none: the server says it is needed); a refusal stays under the form; done, it closes and the list (with the currencies) is read again',
      form: 'currency',
      open: 'markets.openCurrency',
      submit: 'markets.submitCurrency',
      src: 'listCurrency',
      listing: newCurrency,
      noCode: '  ',
      refused: 'Enter your 2FA code',
      listed: { symbol: 'NEWC' },
      saved: 'marketsDesk.currency.listed',
    },
  ] as const)('$title', async (c) => {
    const t = start();
    const submit = (code: string) => t.actor.send({ type: c.submit, listing: c.listing, code } as MarketsDeskEvent);
    await t.settle({ type: 'xstate.done.actor.fetchMarkets', output: [btcTrading] });
    t.actor.send({ type: c.open });
    expect(t.actor.getSnapshot().value).toMatchObject({ form: { [c.form]: 'editing' } });
    submit(c.noCode);
    expect(t.deferred.inputsOf(c.src)).toEqual([c.listing]);
    // A second submission and a close while the server decides are not heard.
    submit('123456');
    t.actor.send({ type: 'markets.closeForm' });
    await t.settle({ type: `xstate.error.actor.${c.src}`, error: { kind: 'server', serverMessage: c.refused } });
    expect(t.actor.getSnapshot().value).toMatchObject({ form: { [c.form]: 'editing' } });
    expect(t.actor.getSnapshot().context.formRefusal).toEqual({ text: c.refused });
    submit(' 123456 ');
    expect(t.deferred.inputsOf(c.src).at(-1)).toEqual({ ...c.listing, code: '123456' });
    await t.settle({ type: `xstate.done.actor.${c.src}`, output: c.listed });
    expect(t.actor.getSnapshot().value).toMatchObject({ form: 'closed' });
    expect(t.actor.getSnapshot().context.formRefusal).toBeUndefined();
    expect(t.toasts.at(-1)).toEqual({ tone: 'success', message: { key: c.saved } });
    expect(t.reads()).toBe(2);
  });

  it('follows the pair list channel: a push unlike the last one reads the markets again (the first too: the channel is shared, it may be a change), the same one again does not', async () => {
    const t = start(false);
    await t.settle({ type: 'xstate.done.actor.fetchMarkets', output: [btcTrading] });
    const pair = { left_symbol: 'BTC', right_symbol: 'USDT', is_hot: 1, trade_status: 1, contract_status: 1, price_precision: 2, amount_precision: 4, min_quantity: '0.0001', min_notional: '5' } as const;
    t.actor.send({ type: 'market.pairs', pairs: [{ ...pair, halted_reason: null }] });
    expect(t.reads()).toBe(2);
    await t.settle({ type: 'xstate.done.actor.fetchMarkets', output: [btcTrading] });
    t.actor.send({ type: 'market.pairs', pairs: [{ ...pair, halted_reason: null }] });
    expect(t.reads()).toBe(2);
    t.actor.send({ type: 'market.pairs', pairs: [{ ...pair, halted_reason: 'Another operator halted it' }] });
    expect(t.reads()).toBe(3);
    await t.settle({ type: 'xstate.done.actor.fetchMarkets', output: [{ ...btcTrading, halted_reason: 'Another operator halted it', halted_at: 1 }] });
    expect(t.actor.getSnapshot().context.markets[0]!.halted_reason).toBe('Another operator halted it');
    // A listing on another process: a new pair in the list.
    t.actor.send({ type: 'market.pairs', pairs: [{ ...pair, halted_reason: 'Another operator halted it' }, { ...pair, left_symbol: 'NEWC' }] });
    expect(t.reads()).toBe(4);
  });
});

describe('a halt reason as sent (haltReason)', () => {
  it('is trimmed, and refused when empty or over 200 characters', () => {
    expect(haltReason(`  ${REASON}\n`)).toBe(REASON);
    expect(haltReason(' \t ')).toBeUndefined();
    expect(haltReason('x'.repeat(200))).toHaveLength(200);
    expect(haltReason(` ${'x'.repeat(200)} `)).toHaveLength(200);
    expect(haltReason('x'.repeat(201))).toBeUndefined();
  });
});
