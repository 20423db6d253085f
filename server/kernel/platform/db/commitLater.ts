/**
 * A common table expression that makes the statement's own transaction commit without waiting for
 * the disk (synchronous_commit off until that transaction ends): for a stage that writes in ONE
 * statement outside any transaction block — the statement is its transaction — so it needs no BEGIN
 * and COMMIT round trips to say so (`transaction(work, { durableLater: true })` is the same for a
 * transaction of several statements). The caller must wait for `db.durable()` before telling anyone
 * of what it wrote. The statement must read `later` from it (`select later from commit_later`), or
 * PostgreSQL does not evaluate it.
 */
export const COMMIT_LATER = `commit_later as (select set_config('synchronous_commit', 'off', true) as later)`;
