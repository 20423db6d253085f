/**
 * The parameters of one statement put together from parts written by different modules (the record
 * stage's orders, the ledger's balance writes, the idempotency keys' answers as common table
 * expressions of one round trip): each value added answers its own placeholder, so no part needs to
 * know how many came before it.
 */
export class StatementParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
