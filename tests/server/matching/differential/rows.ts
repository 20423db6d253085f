/** Comparing the two engines' rows (events, orders, depth levels) and showing them in failure messages. */

/** Same length and, row by row, the same own fields with the same values (rows are flat objects). */
export function sameRows(a: readonly object[], b: readonly object[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as Record<string, unknown>;
    const y = b[i] as Record<string, unknown>;
    const keys = Object.keys(x);
    if (keys.length !== Object.keys(y).length) return false;
    for (const key of keys) if (!Object.is(x[key], y[key])) return false;
  }
  return true;
}

/** JSON that keeps NaN, ±Infinity and -0 readable, for failure messages. */
export function show(value: unknown): string {
  const keep = (_: string, v: unknown) => (typeof v === 'number' && (!Number.isFinite(v) || Object.is(v, -0)) ? `<<${Object.is(v, -0) ? '-0' : v}>>` : v);
  return JSON.stringify(value, keep).replace(/"<<(.*?)>>"/g, '$1');
}
