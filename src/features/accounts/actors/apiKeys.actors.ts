import { fromPromise } from 'xstate';
import { API_KEY_PATHS, type ApiKeyCreate, type ApiKeyCreated, type ApiKeyItem } from '../../../../domain/apiKeys';
import type { ApiClient } from '../../../services/api';

/** API keys' calls (issue 36, docs/API.md "API keys"), each honouring the abort signal; the 2FA status is twoFactor.actors' fetchStatus. */
export function createApiKeysActors(api: ApiClient) {
  return {
    fetchKeys: fromPromise<ApiKeyItem[]>(({ signal }) => api.post<ApiKeyItem[]>(API_KEY_PATHS.list, {}, signal)),
    createKey: fromPromise<ApiKeyCreated, ApiKeyCreate>(({ input, signal }) => api.post<ApiKeyCreated>(API_KEY_PATHS.create, input, signal)),
    deleteKey: fromPromise<null, { api_key: string }>(({ input, signal }) => api.post<null>(API_KEY_PATHS.delete, input, signal)),
  };
}
