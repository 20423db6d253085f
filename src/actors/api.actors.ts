import { fromPromise } from 'xstate';
import type { Currency, NoteType, Pair, PairPrice, PlatConfig, PlatNote, UserInfo } from '../domain/api';
import { usdtPricePair, type PricingCurrency } from '../domain/pricingCurrencies';
import type { ApiClient } from '../services/api';

/**
 * Promise actors for the calls of spec §7. Each takes its client as a dependency and honours the
 * abort signal, so a machine leaving the loading state cancels the request.
 */
export function createApiActors(api: ApiClient) {
  return {
    fetchConfig: fromPromise<PlatConfig>(({ signal }) => api.post<PlatConfig>('/api/plat_config', {}, signal)),
    fetchCurrencies: fromPromise<Currency[]>(({ signal }) => api.post<Currency[]>('/api/currency_list', {}, signal)),
    fetchPairs: fromPromise<Pair[]>(({ signal }) => api.post<Pair[]>('/api/pair_list', {}, signal)),
    fetchUsdtPrice: fromPromise<PairPrice, { pricing: PricingCurrency }>(({ input, signal }) =>
      api.get<PairPrice>('/api/market/pairPrice', { pair: usdtPricePair(input.pricing.name) }, signal),
    ),
    fetchUser: fromPromise<UserInfo, { token: string }>(({ signal }) => api.post<UserInfo>('/api/center/index', {}, signal)),
    fetchNote: fromPromise<PlatNote, { type: NoteType }>(({ input, signal }) =>
      api.post<PlatNote>('/api/plat_note', { type: input.type }, signal),
    ),
  };
}
