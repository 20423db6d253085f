import { describe, expect, it } from 'vitest';
import { MAX_FAVOURITES, moveFavourite, readFavourites, toggleFavourite } from './favouriteList';

describe('favourite list', () => {
  it('trusts only pair keys from storage, each once', () => {
    expect(readFavourites(['BTC_USDT', 'BTC_USDT', 'x', 3, null, 'ETH_USDT'])).toEqual(['BTC_USDT', 'ETH_USDT']);
    expect(readFavourites('BTC_USDT')).toEqual([]);
    expect(readFavourites(undefined)).toEqual([]);
    expect(readFavourites(Array.from({ length: 300 }, (_, i) => `C${i}_USDT`))).toHaveLength(MAX_FAVOURITES);
  });

  it('toggles a pair on at the end and off again', () => {
    expect(toggleFavourite(['BTC_USDT'], 'ETH_USDT')).toEqual(['BTC_USDT', 'ETH_USDT']);
    expect(toggleFavourite(['BTC_USDT', 'ETH_USDT'], 'BTC_USDT')).toEqual(['ETH_USDT']);
  });

  it('moves a dragged pair to the place of the one it is dropped on', () => {
    const list = ['A1_USDT', 'B1_USDT', 'C1_USDT', 'D1_USDT'];
    expect(moveFavourite(list, 'D1_USDT', 'B1_USDT')).toEqual(['A1_USDT', 'D1_USDT', 'B1_USDT', 'C1_USDT']);
    expect(moveFavourite(list, 'A1_USDT', 'C1_USDT')).toEqual(['B1_USDT', 'C1_USDT', 'A1_USDT', 'D1_USDT']);
    expect(moveFavourite(list, 'A1_USDT', 'Z1_USDT')).toBe(list);
  });
});
