import { fromPromise } from 'xstate';
import { CONVERT_PATHS, type ConvertQuote, type ConvertQuoteInput, type ConvertResult } from '../../../../domain/convert';
import type { Page } from '../../../../domain/wallet';
import type { ApiClient } from '../../../services/api';

/**
 * The convert page's effects: a quote asked, accepted, and the recent conversions read, with the
 * user's token (domain/convert.ts). A refusal comes back in the envelope already translated
 * (the API client throws it as an ApiError; the machine says its message).
 */
export function createConvertActors(api: ApiClient) {
  return {
    requestQuote: fromPromise<ConvertQuote, ConvertQuoteInput>(({ input, signal }) => api.post<ConvertQuote>(CONVERT_PATHS.quote, input, signal)),
    // Not aborted when the page goes: an accept on its way is the user's conversion either way.
    acceptQuote: fromPromise<ConvertResult, { quote_id: number }>(({ input }) => api.post<ConvertResult>(CONVERT_PATHS.accept, input)),
    // The newest page of the user's conversions (domain/wallet.ts Page).
    fetchHistory: fromPromise<ConvertResult[], { page: number }>(async ({ input, signal }) => (await api.post<Page<ConvertResult>>(CONVERT_PATHS.history, input, signal)).list),
  };
}
