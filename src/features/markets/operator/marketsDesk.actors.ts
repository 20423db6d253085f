import { fromPromise } from 'xstate';
import { MARKET_OPERATOR_PATHS, type DelistSubject, type MarketKind, type OperatorDeskEntry, type OperatorMarket } from '../../../../domain/marketsDesk';
import type { ApiClient } from '../../../services/api';
import type { ContractCall, CurrencyCall, DelistingCall, ListingCall, ResumeSubject } from './marketsDesk/marketsDesk.machine';

/** Where each kind of delisting goes (the currency's is the wallet's route, docs/API.md "Delisting a currency"). */
const DELIST_PATHS: Record<DelistSubject, string> = {
  spot: MARKET_OPERATOR_PATHS.delist,
  futures: MARKET_OPERATOR_PATHS.contractDelist,
  currency: MARKET_OPERATOR_PATHS.delistCurrency,
};

/** The markets desk's calls (docs/API.md "Market halts"), over the operator's own API client, each honouring the abort signal. */
export function createMarketsDeskActors(operatorApi: ApiClient) {
  return {
    /** The markets, then the currencies (docs/API.md "Market halts"). */
    fetchMarkets: fromPromise<OperatorDeskEntry[]>(({ signal }) => operatorApi.post<OperatorDeskEntry[]>(MARKET_OPERATOR_PATHS.markets, {}, signal)),
    haltMarket: fromPromise<OperatorMarket, { market: MarketKind; symbol: string; reason: string }>(({ input, signal }) => operatorApi.post<OperatorMarket>(MARKET_OPERATOR_PATHS.halt, input, signal)),
    /** The resume, as the confirm-then-act child's act. */
    resumeMarket: fromPromise<OperatorMarket, ResumeSubject>(({ input, signal }) => operatorApi.post<OperatorMarket>(MARKET_OPERATOR_PATHS.resume, { market: input.market, symbol: input.symbol }, signal)),
    /** A new spot pair, with the operator's 2FA code (docs/API.md "Listing a market"). */
    listPair: fromPromise<unknown, ListingCall>(({ input, signal }) => operatorApi.post<unknown>(MARKET_OPERATOR_PATHS.list, input, signal)),
    /** A spot market's, a contract's or a currency's delisting at a time, with the operator's 2FA code: each to its route, which takes the same fields. */
    delistMarket: fromPromise<unknown, DelistingCall>(({ input: { market, ...delisting }, signal }) => operatorApi.post<unknown>(DELIST_PATHS[market], delisting, signal)),
    /** A new currency with its networks, with the operator's 2FA code (docs/API.md "Listing a currency"). */
    listCurrency: fromPromise<unknown, CurrencyCall>(({ input, signal }) => operatorApi.post<unknown>(MARKET_OPERATOR_PATHS.listCurrency, input, signal)),
    /** A perpetual contract on a spot pair, with the operator's 2FA code (docs/API.md "Listing a perpetual contract"). */
    listContract: fromPromise<unknown, ContractCall>(({ input, signal }) => operatorApi.post<unknown>(MARKET_OPERATOR_PATHS.contractList, input, signal)),
  };
}
