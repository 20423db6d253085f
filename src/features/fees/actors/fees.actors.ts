import { fromPromise } from 'xstate';
import { FEE_PATHS, type FeeOverrideEdit, type FeeScheduleEdit, type FeeTier, type FeesDesk, type MyFees } from '../../../../domain/fees';
import type { ApiClient } from '../../../services/api';

/** The fees page's effect: the signed-in user's tier, volume and rates (docs/API.md "Fees"). */
export function createFeesActors(api: ApiClient) {
  return {
    fetchMyFees: fromPromise<MyFees>(({ signal }) => api.post<MyFees>(FEE_PATHS.mine, {}, signal)),
  };
}

/** The console desk's effects: the tiers, schedules and overrides read and edited, with the operator's token (and each edit with their 2FA code). */
export function createFeesDeskActors(operatorApi: ApiClient) {
  return {
    fetchDesk: fromPromise<FeesDesk>(({ signal }) => operatorApi.post<FeesDesk>(FEE_PATHS.operatorRead, {}, signal)),
    saveTiers: fromPromise<unknown, { tiers: FeeTier[]; code: string }>(({ input, signal }) => operatorApi.post<unknown>(FEE_PATHS.operatorTiers, input, signal)),
    saveSchedule: fromPromise<unknown, FeeScheduleEdit & { code: string }>(({ input, signal }) => operatorApi.post<unknown>(FEE_PATHS.operatorSchedule, input, signal)),
    saveOverride: fromPromise<unknown, FeeOverrideEdit & { code: string }>(({ input, signal }) => operatorApi.post<unknown>(FEE_PATHS.operatorOverride, input, signal)),
  };
}
