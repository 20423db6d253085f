import { fromPromise } from 'xstate';
import type { Currency, Pair, PairPrice, PlatConfig, UserInfo } from '../../../domain/api';
import { usdtPricePair, type PricingCurrency } from '../../../domain/pricingCurrencies';
import type { ApiClient } from '../../services/api';

/**
 * The app shell's calls of spec §7 (startup and the session's user). Each takes its client as a
 * dependency and honours the abort signal, so a machine leaving the loading state cancels the request.
 */
export function createAppActors(api: ApiClient) {
  return {
    fetchConfig: fromPromise<PlatConfig>(({ signal }) => api.post<PlatConfig>('/api/plat_config', {}, signal)),
    fetchCurrencies: fromPromise<Currency[]>(({ signal }) => api.post<Currency[]>('/api/currency_list', {}, signal)),
    fetchPairs: fromPromise<Pair[]>(({ signal }) => api.post<Pair[]>('/api/pair_list', {}, signal)),
    fetchUsdtPrice: fromPromise<PairPrice, { pricing: PricingCurrency }>(({ input, signal }) =>
      api.get<PairPrice>('/api/market/pairPrice', { pair: usdtPricePair(input.pricing.name) }, signal),
    ),
    // The token comes as input: at start-up the session actor refreshes before it is reachable.
    fetchUser: fromPromise<UserInfo, { token: string }>(({ input, signal }) => api.post<UserInfo>('/api/center/index', {}, signal, input.token)),
  };
}
