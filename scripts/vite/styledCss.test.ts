import { describe, expect, it } from 'vitest';
import { collapse, styledQuasis } from './styledCss';

/** The build's styled-template whitespace (scripts/vite/styledCss.ts): what changes and what must not. */
const compact = (code: string) => {
  let out = '';
  let at = 0;
  for (const q of styledQuasis(code)) {
    out += code.slice(at, q.start) + collapse(code.slice(q.start, q.end), q);
    at = q.end;
  }
  return out + code.slice(at);
};

describe('styled templates without their line breaks', () => {
  it('drops indentation and line breaks between declarations and around blocks, keeps the interpolations', () => {
    const code = 'const A = styled.div`\n  display: flex;\n  color: ${({ theme }) => theme.color.text};\n  > li {\n    padding: 0;\n  }\n`;';
    expect(compact(code)).toBe('const A = styled.div`display: flex;color: ${({ theme }) => theme.color.text};> li {padding: 0;}`;');
  });

  it('keeps the tokens of a value written over several lines apart, and two interpolations apart', () => {
    expect(compact("const B = css`\n  grid-template-areas:\n    'a b'\n    'c d';\n`;")).toBe("const B = css`grid-template-areas: 'a b' 'c d';`;");
    expect(compact('const C = styled(Link)`\n  margin: ${a}\n    ${b};\n`;')).toBe('const C = styled(Link)`margin: ${a} ${b};`;');
  });

  it('finds templates after styled.tag, styled(X), .attrs(…), type arguments, css, createGlobalStyle and keyframes; leaves other templates alone', () => {
    const code = [
      'const D = styled.button.attrs({ type: "button" })<{ $on: boolean }>`\n  a: b;\n`;',
      'const E = createGlobalStyle`\n  body {\n    margin: 0;\n  }\n`;',
      'const F = keyframes`\n  from { opacity: 0; }\n`;',
      'const text = `line one;\n  line two`;',
      'const G = styled.div`\n  ${(p) => p.$x && css`\n    color: red;\n  `}\n`;',
    ].join('\n');
    expect(compact(code).split('\n').filter(Boolean)).toEqual([
      'const D = styled.button.attrs({ type: "button" })<{ $on: boolean }>`a: b;`;',
      'const E = createGlobalStyle`body {margin: 0;}`;',
      'const F = keyframes`from { opacity: 0; }`;',
      'const text = `line one;',
      '  line two`;',
      // The outer template's text around the interpolation, and the css`` inside it.
      'const G = styled.div`${(p) => p.$x && css`color: red;`}`;',
    ]);
  });
});
