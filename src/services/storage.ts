/**
 * The locally stored keys of spec §3: token, user_info, the language object and the active
 * pricing currency. Values are JSON; anything unreadable reads as absent, and machines decide
 * whether what was read is trustworthy.
 */
export const STORAGE_KEYS = {
  token: 'token',
  userInfo: 'user_info',
  language: 'language',
  pricing: 'pricing_currency',
  /** Not in spec §3, but a trader expects the theme to stick too. */
  theme: 'theme',
  /** The starred pairs of /markets, in the trader's order. */
  favourites: 'favourite_pairs',
} as const;

type Key = keyof typeof STORAGE_KEYS;

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface AppStorage {
  read(key: Key): unknown;
  write(key: Key, value: unknown): void;
  remove(key: Key): void;
}

export function createStorage(store: KeyValueStore): AppStorage {
  return {
    read(key) {
      const raw = store.getItem(STORAGE_KEYS[key]);
      if (raw === null) return undefined;
      try {
        return JSON.parse(raw);
      } catch {
        return undefined;
      }
    },
    write(key, value) {
      try {
        store.setItem(STORAGE_KEYS[key], JSON.stringify(value));
      } catch {
        // Private mode or a full quota: the app keeps working, the choice is just not remembered.
      }
    },
    remove(key) {
      store.removeItem(STORAGE_KEYS[key]);
    },
  };
}

/** In-memory store for tests and for browsers that refuse localStorage. */
export function memoryStore(): KeyValueStore {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}
