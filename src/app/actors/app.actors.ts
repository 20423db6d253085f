import { fromPromise } from 'xstate';
import type { Currency, NoteType, Pair, PairPrice, PlatConfig, PlatNote, UserInfo } from '../../domain/api';
import { usdtPricePair, type PricingCurrency } from '../../domain/pricingCurrencies';
import type { LoginFields, SessionGrant } from '../../features/accounts/machines/login/login.machine';
import type { ResetFields } from '../../features/accounts/machines/passwordReset/passwordReset.machine';
import type { AccountFields, DetailFields } from '../../features/accounts/machines/registration/registration.machine';
import type { ApiClient } from '../../services/api';

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
    // The token comes as input: at start-up the session actor refreshes before it is reachable.
    fetchUser: fromPromise<UserInfo, { token: string }>(({ input, signal }) => api.post<UserInfo>('/api/center/index', {}, signal, input.token)),
    fetchNote: fromPromise<PlatNote, { type: NoteType }>(({ input, signal }) =>
      api.post<PlatNote>('/api/plat_note', { type: input.type }, signal),
    ),
    login: fromPromise<SessionGrant, LoginFields>(({ input, signal }) => api.post<SessionGrant>('/api/login', input, signal)),
    sendRegisterCode: fromPromise<null, AccountFields>(({ input, signal }) => api.post<null>('/api/send_code', { ...input, purpose: 'register' }, signal)),
    checkRegisterCode: fromPromise<unknown, AccountFields & { code: string }>(({ input, signal }) => api.post('/api/register', input, signal)),
    register: fromPromise<SessionGrant, AccountFields & { code: string } & DetailFields>(({ input, signal }) => api.post<SessionGrant>('/api/register_next', input, signal)),
    sendResetCode: fromPromise<null, AccountFields>(({ input, signal }) => api.post<null>('/api/send_code', { ...input, purpose: 'reset' }, signal)),
    resetPassword: fromPromise<null, AccountFields & ResetFields>(({ input, signal }) => api.post<null>('/api/forget_pass', input, signal)),
  };
}
