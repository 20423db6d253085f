import { fromPromise } from 'xstate';
import { FEE_PATHS, type FeesDesk, type MyFees } from '../../../../domain/fees';
import type { ApiClient } from '../../../services/api';

/** The fees page's effect: the signed-in user's tier, volume and rates (docs/API.md "Fees"). */
export function createFeesActors(api: ApiClient) {
  return {
    fetchMyFees: fromPromise<MyFees>(({ signal }) => api.post<MyFees>(FEE_PATHS.mine, {}, signal)),
  };
}

/** The console desk's effect: the tiers, schedules and overrides, with the operator's token. */
export function createFeesDeskActors(operatorApi: ApiClient) {
  return {
    fetchDesk: fromPromise<FeesDesk>(({ signal }) => operatorApi.post<FeesDesk>(FEE_PATHS.operatorRead, {}, signal)),
  };
}
