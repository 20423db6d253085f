/**
 * A condition for the final select of a one-statement write that fails the whole statement — so
 * nothing of it is written — unless `actual` equals `expected` (two scalar subqueries, typically
 * counts of rows a data-modifying expression wrote and meant to write), with `marker` in the error
 * message so that the caller can tell this refusal from others. The failure is a cast that cannot
 * succeed, built from the values so that it is not folded when the statement is planned.
 */
export function failUnlessEqual(actual: string, expected: string, marker: string): string {
  return `case when (${actual}) = (${expected}) then true
       else ((${expected}) - (${actual}) || ' ${marker}')::int = 0 end`;
}
