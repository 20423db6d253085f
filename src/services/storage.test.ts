import { describe, expect, it } from 'vitest';
import { createStorage, memoryStore, STORAGE_KEYS } from './storage';

describe('storage (spec §3 keys)', () => {
  it('round-trips JSON under the spec key names', () => {
    const store = memoryStore();
    const storage = createStorage(store);
    storage.write('token', 'abc');
    storage.write('userInfo', { id: 1 });
    expect(store.getItem(STORAGE_KEYS.token)).toBe('"abc"');
    expect(store.getItem('user_info')).toBe('{"id":1}');
    expect(storage.read('userInfo')).toEqual({ id: 1 });
    storage.remove('token');
    expect(storage.read('token')).toBeUndefined();
  });
  it('reads unparseable values as absent', () => {
    const store = memoryStore();
    store.setItem('language', '{broken');
    expect(createStorage(store).read('language')).toBeUndefined();
  });
});
