import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('P2P texts wrap between words (issue 37 §9)', () => {
  it('no P2P style breaks words at any letter ("acc ount."); long tokens such as card numbers still wrap (overflow-wrap: anywhere)', () => {
    const styles = readFileSync(new URL('./fiatStyles.ts', import.meta.url), 'utf8');
    expect(styles).not.toMatch(/word-break:\s*break-all/);
    expect(styles).toMatch(/dd \{[^}]*overflow-wrap: anywhere/);
  });
});

describe('P2P page links (a UI audit: "My ads", "Fiat order history" and "Bank cards" read as plain text)', () => {
  it('are drawn in the accent, as links', () => {
    const styles = readFileSync(new URL('./fiatStyles.ts', import.meta.url), 'utf8');
    expect(styles).toMatch(/\.links a \{ color: \$\{\(\{ theme \}\) => theme\.color\.accent\}/);
  });
});
