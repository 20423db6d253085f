import { fromPromise } from 'xstate';
import type { OperatorGrant } from '../../../../domain/kyc';
import type { ApiClient } from '../../../services/api';

/** The operator's sign-in, over the operator's own API client. */
export function createOperatorActors(api: ApiClient) {
  return {
    login: fromPromise<OperatorGrant, { account: string; password: string }>(({ input, signal }) => api.post<OperatorGrant>('/api/operator/login', input, signal)),
  };
}
