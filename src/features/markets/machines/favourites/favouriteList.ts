/** Favourite pairs are keys like "BTC_USDT", in the trader's own order. */
const PAIR_KEY = /^[A-Z0-9]{2,12}_[A-Z0-9]{2,12}$/;
/** More than any trader stars; keeps a tampered store from bloating the page. */
export const MAX_FAVOURITES = 200;

export const isPairKey = (value: unknown): value is string => typeof value === 'string' && PAIR_KEY.test(value);

/** Whatever storage held, as a clean list: pair keys only, each once, at most MAX_FAVOURITES. */
export function readFavourites(stored: unknown): string[] {
  if (!Array.isArray(stored)) return [];
  return [...new Set(stored.filter(isPairKey))].slice(0, MAX_FAVOURITES);
}

export function toggleFavourite(list: string[], pair: string): string[] {
  return list.includes(pair) ? list.filter((p) => p !== pair) : [...list, pair].slice(0, MAX_FAVOURITES);
}

/** Moves `pair` to where `over` is (the drop target), shifting the others like a sortable list. */
export function moveFavourite(list: string[], pair: string, over: string): string[] {
  const from = list.indexOf(pair);
  const to = list.indexOf(over);
  if (from < 0 || to < 0 || from === to) return list;
  const next = list.slice();
  next.splice(from, 1);
  next.splice(to, 0, pair);
  return next;
}
