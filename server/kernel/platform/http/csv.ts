/**
 * CSV as the exports write it (RFC 4180, CRLF lines): the operator desks' exports and the traders'
 * statements. Every file is opened in spreadsheets, and some fields hold what people typed.
 */

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One CSV field: quoted when it holds a separator, quote or line break. A text a spreadsheet would
 * read as a formula (= + - @, a tab or a return first) gets a leading apostrophe, since nicknames,
 * notes and the audit log's details are what users and operators typed; a plain decimal (a
 * negative balance change) is a number, not a formula, and is left as it is.
 */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole file: the header line, then one line per row, each line ended by CRLF. */
export function csvText(header: readonly string[], rows: ReadonlyArray<readonly unknown[]>): string {
  return [header.join(','), ...rows.map((row) => row.map(csvField).join(','))].join('\r\n') + '\r\n';
}
