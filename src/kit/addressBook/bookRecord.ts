/**
 * A row of the user's own book (issue 54 §3: the accounts product keeps the book, the wallet's
 * withdrawal offers its addresses): a withdrawal address or a collection method, as the server
 * answers it. Types only, so a machine may name them.
 */
export interface BookRecord {
  id: number;
  [field: string]: string | number;
}

/** A record's fields as the add or edit form sends them. */
export type RecordFields = Record<string, string>;
