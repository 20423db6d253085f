/**
 * Saves text as a file the browser downloads (the operator desks' exports, the traders'
 * statements): a Blob behind a temporary link, clicked once, then let go. `document` is the
 * browser's; elsewhere (tests) nothing happens.
 */
export function saveTextFile(file: { filename: string; text: string; type: string }, doc: Document | undefined = globalThis.document): void {
  if (!doc) return;
  const url = URL.createObjectURL(new Blob([file.text], { type: file.type }));
  const link = doc.createElement('a');
  link.href = url;
  link.download = file.filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  doc.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: some browsers read the URL asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A CSV file the server wrote (`{ filename, csv }`), saved as such. */
export const saveCsvFile = (file: { filename: string; csv: string }, doc?: Document): void => saveTextFile({ filename: file.filename, text: file.csv, type: 'text/csv;charset=utf-8' }, doc);
