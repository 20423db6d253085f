import type { KeyValueStore } from './storage';

/** The operator's session lives under its own keys, never under the user's token / user_info. */
export const OPERATOR_STORAGE_KEYS = { token: 'operator_token', operator: 'operator_info' } as const;

export function createOperatorStorage(store: KeyValueStore) {
  const read = (key: string): unknown => {
    try {
      const raw = store.getItem(key);
      return raw === null ? undefined : JSON.parse(raw);
    } catch {
      return undefined;
    }
  };
  return {
    read: () => ({ token: read(OPERATOR_STORAGE_KEYS.token), operator: read(OPERATOR_STORAGE_KEYS.operator) }),
    write(token: string, operator: unknown) {
      try {
        store.setItem(OPERATOR_STORAGE_KEYS.token, JSON.stringify(token));
        store.setItem(OPERATOR_STORAGE_KEYS.operator, JSON.stringify(operator));
      } catch {
        // A full quota: the operator simply logs in again next time.
      }
    },
    clear() {
      store.removeItem(OPERATOR_STORAGE_KEYS.token);
      store.removeItem(OPERATOR_STORAGE_KEYS.operator);
    },
  };
}
