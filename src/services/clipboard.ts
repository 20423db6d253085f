/** Copies text; resolves false instead of throwing, so the caller can say "Copy failed". */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
