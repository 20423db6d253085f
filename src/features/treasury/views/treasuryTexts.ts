import type { TreasurySeriesName } from '../../../../domain/treasury';

/** Each figure's name and what it counts (catalogue keys, literal so npm run i18n:check finds them). */
export const SERIES_TEXTS: Readonly<Record<TreasurySeriesName, { label: string; help: string }>> = {
  fees: { label: 'treasury.series.fees', help: 'treasury.help.fees' },
  insurance: { label: 'treasury.series.insurance', help: 'treasury.help.insurance' },
  seconds: { label: 'treasury.series.seconds', help: 'treasury.help.seconds' },
  escrow: { label: 'treasury.series.escrow', help: 'treasury.help.escrow' },
  ico: { label: 'treasury.series.ico', help: 'treasury.help.ico' },
  corrections: { label: 'treasury.series.corrections', help: 'treasury.help.corrections' },
  chain: { label: 'treasury.series.chain', help: 'treasury.help.chain' },
};

/** The parts a series is split into; a part not named here (a contract, an unknown reference) shows as it is. */
export const PART_KEYS: Readonly<Record<string, string>> = {
  spot: 'treasury.part.spot',
  futures: 'treasury.part.futures',
  wallet: 'treasury.part.wallet',
  funding: 'treasury.part.funding',
  capital: 'treasury.part.capital',
  result: 'treasury.part.result',
  locked: 'treasury.part.locked',
  returned: 'treasury.part.returned',
  released: 'treasury.part.released',
  subscribed: 'treasury.part.subscribed',
  raised: 'treasury.part.raised',
  refunded: 'treasury.part.refunded',
  credit: 'treasury.part.credit',
  debit: 'treasury.part.debit',
  deposits: 'treasury.part.deposits',
  withdrawals: 'treasury.part.withdrawals',
};
