import { fromPromise } from 'xstate';
import { TREASURY_PATHS, type BalanceSheet, type TreasurySeries } from '../../../domain/treasury';
import type { ApiClient } from '../../services/api';
import type { SeriesRequest } from './machines/treasuryDesk/treasuryDesk.machine';

/** The treasury desk's reads (docs/API.md "Treasury"), over the operator's own API client, each honouring the abort signal. */
export function createTreasuryActors(operatorApi: ApiClient) {
  return {
    fetchSeries: fromPromise<TreasurySeries, SeriesRequest>(({ input, signal }) => operatorApi.post<TreasurySeries>(TREASURY_PATHS.series, input, signal)),
    fetchSheet: fromPromise<BalanceSheet>(({ signal }) => operatorApi.post<BalanceSheet>(TREASURY_PATHS.balanceSheet, {}, signal)),
  };
}
