import type { Pair } from '../../../../../domain/api';
import type { ContractListing, CurrencyListing, MarketListing, OperatorCurrency, OperatorMarket } from '../../../../../domain/marketsDesk';
import { marketsDeskMachine } from './marketsDesk.machine';
import { actorAnswers, machineModel, typedValues } from '../../../../app/machines/modelEvents';

export const btcTrading: OperatorMarket = { market: 'spot', symbol: 'BTC_USDT', trading: true, halted_reason: null, halted_at: null };
/** A listing as the form sends it. */
export const newListing: MarketListing = {
  base: 'SOL',
  quote: 'USDT',
  price_precision: 2,
  amount_precision: 3,
  min_quantity: '0.01',
  min_notional: '5',
  reference_price: '150.25',
  makers: true,
  maker_spread: '0.002',
  maker_depth: 10,
};
/** A currency listing as the form sends it. */
export const newCurrency: CurrencyListing = { symbol: 'NEWC', name: 'New Coin', precision: 4, networks: [{ network: 'ERC20', deposit_min: '1', withdraw_min: '5', withdraw_fee: '0.5', confirmations: 12 }] };
/** A contract listing as the form sends it. */
export const newContract: ContractListing = { symbol: 'ADA_USDT', max_leverage: 20, makers: true, reference_price: '0.45' };
const pair = (halted_reason: string | null): Pair => ({
  left_symbol: 'BTC', right_symbol: 'USDT', is_hot: 1, trade_status: 1, contract_status: 1, price_precision: 2, amount_precision: 4, min_quantity: '0.0001', min_notional: '5', halted_reason, contract_halted_reason: null,
});
/** Currencies as the list gives them after the markets: one listed, one with its delisting announced. */
export const dogeListed: OperatorCurrency = { market: 'currency', symbol: 'DOGE', name: 'Dogecoin', delist_at: null, delist_reason: null };
export const xrpDelisting: OperatorCurrency = { market: 'currency', symbol: 'XRP', name: 'Ripple', delist_at: 1_800_000_000_000, delist_reason: 'Project discontinued' };
export const ethHalted: OperatorMarket = { market: 'spot', symbol: 'ETH_USDT', trading: true, halted_reason: 'Wallet maintenance on the ETH network', halted_at: 1_790_000_000_000 };

/** The list, the halt question with its reason, the resume question (the shared confirm-then-act child, whose own model walks its question), and the listing and delisting forms with their 2FA code. */
export const marketsDeskModel = machineModel(
  marketsDeskMachine,
  [
    { name: 'risk operator (trading.write)', input: { mayAct: true } },
    { name: 'auditor (trading.read only)', input: { mayAct: false } },
  ],
  [
    ...actorAnswers('fetchMarkets', [btcTrading, ethHalted, dogeListed, xrpDelisting]),
    { type: 'markets.halt', market: 'spot', symbol: 'BTC_USDT' },
    { type: 'markets.halt', market: 'spot', symbol: 'ETH_USDT' },
    // The contract of a pair whose spot market trades: not on the list, not asked about.
    { type: 'markets.halt', market: 'futures', symbol: 'BTC_USDT' },
    { type: 'markets.show', market: 'futures' },
    ...typedValues('markets.submitHalt', [' Matching engine maintenance ', '   ', 'x'.repeat(201)], 'reason'),
    ...actorAnswers('haltMarket', { ...btcTrading, halted_reason: 'Matching engine maintenance', halted_at: 1_790_000_100_000 }, { kind: 'server', serverMessage: 'This market is already halted' }),
    ...typedValues('markets.resume', [ethHalted, btcTrading], 'market'),
    // What the resume child (the shared confirm-then-act) reports.
    { type: 'confirmAct.done', subject: { market: 'spot', symbol: 'ETH_USDT', reason: ethHalted.halted_reason }, output: { ...ethHalted, halted_reason: null, halted_at: null } },
    { type: 'confirmAct.failed', subject: { market: 'spot', symbol: 'ETH_USDT', reason: ethHalted.halted_reason }, error: { kind: 'server', serverMessage: 'This market is not halted' } },
    { type: 'markets.openListing' },
    { type: 'markets.submitListing', listing: newListing, code: '123456' },
    ...actorAnswers('listPair', { symbol: 'SOL_USDT' }, { kind: 'server', serverMessage: 'This pair is listed already' }),
    { type: 'markets.openDelisting', market: 'spot', symbol: 'BTC_USDT' },
    // The contract of a pair whose spot market trades: not on the list, no form.
    { type: 'markets.openDelisting', market: 'futures', symbol: 'BTC_USDT' },
    // A listed currency; one whose delisting is announced: no form.
    { type: 'markets.openDelisting', market: 'currency', symbol: 'DOGE' },
    { type: 'markets.openDelisting', market: 'currency', symbol: 'XRP' },
    { type: 'markets.submitDelisting', delist_at: 1_790_000_000_000, reason: 'Project wound down', code: '123456' },
    ...actorAnswers('delistMarket', { symbol: 'BTC_USDT', delist_at: 1_790_000_000_000 }, { kind: 'server', serverMessage: 'The delisting time must be now or later' }),
    { type: 'xstate.error.actor.delistMarket', error: { kind: 'server', serverMessage: 'Delist the markets of DOGE first: DOGE_USDT' } },
    { type: 'markets.closeForm' },
    { type: 'markets.openCurrency' },
    { type: 'markets.submitCurrency', listing: newCurrency, code: '123456' },
    { type: 'markets.submitCurrency', listing: newCurrency, code: '' },
    ...actorAnswers('listCurrency', { symbol: 'NEWC' }, { kind: 'server', serverMessage: 'This currency is listed already' }),
    { type: 'markets.openContract' },
    { type: 'markets.submitContract', listing: newContract, code: '123456' },
    ...actorAnswers('listContract', { symbol: 'ADA_USDT' }, { kind: 'server', serverMessage: 'This pair has a perpetual contract already' }),
    // The pair list's channel: the list on joining, then another operator's halt.
    ...typedValues('market.pairs', [[pair(null)], [pair('Incident')]], 'pairs'),
  ],
  // Whether the list has arrived tells apart what a halt may open on.
  (snapshot) => snapshot.context.markets.length > 0,
);
