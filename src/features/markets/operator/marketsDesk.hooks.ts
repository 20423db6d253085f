import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import type { ContractListing, CurrencyListing, MarketKind, MarketListing, OperatorCurrency, OperatorMarket } from '../../../../domain/marketsDesk';
import { useActorFlow, signals } from '../../../app/views/actorFlow';
import { MarketsDeskContext } from './marketsDesk.context';

/**
 * /operator, "Markets" (risk; auditors read): the spot markets or the contracts (`shown`) with their halts, the halt question
 * (`halting`, with the server's `refusal` shown in place) and the resume question (`resumeQuestion`,
 * the shared confirm-then-act child, for ConfirmActDialog), the currencies with their delistings (`currencies`). `mayAct`: the buttons are offered.
 */
export function useMarketsDesk() {
  const flows = MarketsDeskContext.use();
  // The roles are read once, when the desk opens (its actor's input).
  const [input] = useState(flows.deskInput);
  const actor = useActorRef(flows.marketsDesk, { input });
  return useActorFlow(
    actor,
    {
      markets: (s) => s.context.markets,
      currencies: (s) => s.context.currencies,
      shown: (s) => s.context.shown,
      mayAct: (s) => s.context.mayAct,
      loading: (s) => s.matches({ list: 'loading' }),
      failed: (s) => s.matches({ list: 'failed' }),
      halting: (s) => (s.matches({ halt: 'asking' }) ? s.context.halting : undefined),
      asked: (s) => s.context.asked,
      sending: (s) => s.matches({ halt: { asking: 'sending' } }),
      refusal: (s) => s.context.refusal,
      resumeQuestion: (s) => s.children.resume,
      listing: (s) => s.matches({ form: 'listing' }),
      listingCurrency: (s) => s.matches({ form: 'currency' }),
      listingContract: (s) => s.matches({ form: 'contract' }),
      delisting: (s) => (s.matches({ form: 'delisting' }) ? s.context.delisting : undefined),
      formSending: (s) => s.matches({ form: { listing: 'sending' } }) || s.matches({ form: { delisting: 'sending' } }) || s.matches({ form: { currency: 'sending' } }) || s.matches({ form: { contract: 'sending' } }),
      formRefusal: (s) => s.context.formRefusal,
      forms: (s) => s.context.forms,
    },
    {
      ...signals('markets', ['reload', 'close', 'openListing', 'closeForm', 'openCurrency', 'openContract']),
      show: (market: MarketKind) => ({ type: 'markets.show', market }),
      halt: (market: OperatorMarket) => ({ type: 'markets.halt', market: market.market, symbol: market.symbol }),
      submitHalt: (reason: string) => ({ type: 'markets.submitHalt', reason }),
      resume: (market: OperatorMarket) => ({ type: 'markets.resume', market }),
      submitListing: (listing: MarketListing, code: string) => ({ type: 'markets.submitListing', listing, code }),
      openDelisting: (market: OperatorMarket | OperatorCurrency) => ({ type: 'markets.openDelisting', market: market.market, symbol: market.symbol }),
      submitDelisting: (delist_at: number, reason: string, code: string) => ({ type: 'markets.submitDelisting', delist_at, reason, code }),
      submitCurrency: (listing: CurrencyListing, code: string) => ({ type: 'markets.submitCurrency', listing, code }),
      submitContract: (listing: ContractListing, code: string) => ({ type: 'markets.submitContract', listing, code }),
    },
  );
}
