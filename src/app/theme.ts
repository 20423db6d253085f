import { createGlobalStyle } from 'styled-components';
import type { ThemeName } from './machines/app/app.types';

export interface Theme {
  name: ThemeName;
  color: {
    bg: string;
    panel: string;
    panelRaised: string;
    border: string;
    /** The edge of a control that has no other edge cue (an input, a select, a text area, an order
     *  form's number box): 3:1 against the field's own background and the panel and page around it
     *  (WCAG 1.4.11), where `border`, a divider's colour, is 1.2:1. Focus draws the accent over it. */
    fieldBorder: string;
    text: string;
    textDim: string;
    textFaint: string;
    accent: string;
    accentText: string;
    up: string;
    down: string;
    /** Under text (buy / sell buttons, a danger button, a count badge): `up` and `down` where
     *  `fillText` on them is AA (4.5:1), darker where they are not. */
    upFill: string;
    downFill: string;
    fillText: string;
    warn: string;
    hover: string;
    overlay: string;
  };
  font: { body: string; mono: string };
  size: { text: string; small: string; title: string; header: string };
  radius: string;
}

const fonts = {
  body: "Inter, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans CJK JP', 'Noto Sans CJK KR', 'Noto Sans CJK TC', sans-serif",
  // For what is read character by character: addresses, hashes, keys, codes and clocks. Figures
  // (prices, amounts, balances) use the body font with `font-variant-numeric: tabular-nums`, as
  // every trading table does, so the wallet and P2P read as the same app as the order book.
  mono: "'JetBrains Mono', 'SFMono-Regular', Menlo, Consolas, 'Noto Sans Mono', monospace",
};

const sizes = { text: '13px', small: '12px', title: '18px', header: '52px' };

export const darkTheme: Theme = {
  name: 'dark',
  color: {
    bg: '#0b0e11',
    panel: '#151a21',
    panelRaised: '#1c222b',
    border: '#262d37',
    // 3.2:1 on a field (panelRaised), 3.5:1 on a panel, 3.9:1 on the page: seen, not loud.
    fieldBorder: '#67707c',
    text: '#e8ebef',
    textDim: '#9aa4b2',
    // AA for the 11–12 px it is used at: 5.0:1 on a panel, 4.6:1 on a raised one (#5f6a79 was 3.2:1 and 2.9:1).
    textFaint: '#7f8a99',
    accent: '#f0b90b',
    accentText: '#15120a',
    up: '#0ecb81',
    down: '#f6465d',
    // The bright green and red read on the dark panels (8.2:1, 5.0:1) but not under white text
    // (2.1:1, 3.5:1): the buttons' fills are a darker green and red, 4.6:1 under white and still
    // 3.8:1 against the panel around them.
    upFill: '#098655',
    downFill: '#dc2f4a',
    fillText: '#ffffff',
    warn: '#f0b90b',
    hover: '#222a35',
    overlay: 'rgba(0, 0, 0, 0.6)',
  },
  font: fonts,
  size: sizes,
  radius: '4px',
};

export const lightTheme: Theme = {
  name: 'light',
  color: {
    bg: '#f5f6f8',
    panel: '#ffffff',
    panelRaised: '#ffffff',
    border: '#e3e6eb',
    // 3.4:1 on white (a field, a panel), 3.1:1 on the page's grey.
    fieldBorder: '#868c97',
    text: '#1e2329',
    textDim: '#5e6673',
    // Faint, yet AA for the 11–12 px it is used at (table heads, units, labels): 5.0:1 on white,
    // 4.6:1 on the page's grey; #7a818b was 3.9:1 and 3.6:1.
    textFaint: '#69707a',
    // Gold dark enough for AA both ways: as text on white (5.3:1) and on the chosen item's grey
    // (4.7:1; #946c00 was 4.2:1 there), and under a button's white text.
    accent: '#8a6500',
    accentText: '#ffffff',
    // Green and red that stay AA where they are read: on white (5.7:1, 5.8:1), on the page's grey
    // (5.3:1, 5.4:1), on a hovered row (5.0:1, 5.1:1), and on their own tint (an order book's depth bar, 15 %: 4.6:1,
    // 4.6:1; a badge, 13 %: 4.7:1 both). #02845a and #cf304a were 3.9:1 and 4.0:1 on the bars.
    up: '#027550',
    down: '#bf2a43',
    // Under a buy / sell button's white text: 4.7:1 and 5.0:1.
    upFill: '#02845a',
    downFill: '#cf304a',
    fillText: '#ffffff',
    // A status badge's text on its own 13 % tint: 4.9:1 (#8a6500 was 4.45:1); 6.0:1 on white.
    warn: '#805e00',
    hover: '#eef0f3',
    overlay: 'rgba(20, 24, 30, 0.45)',
  },
  font: fonts,
  size: sizes,
  radius: '4px',
};

/**
 * Breakpoints (issue 12). `PHONE`: one column, tables inside their panel, the trade page as tabs.
 * `COMPACT_HEADER`: the header's links and menus no longer fit on one line (≈1040 px), so they move
 * behind the menu button. Wider than both, the desktop layout is unchanged.
 */
export const PHONE = '@media (max-width: 767px)';
export const COMPACT_HEADER = '@media (max-width: 1099px)';

export const themes: Record<ThemeName, Theme> = { dark: darkTheme, light: lightTheme };

declare module 'styled-components' {
  export interface DefaultTheme extends Theme {}
}

/**
 * The page's frame. `html` carries the page's own background past the viewport too (index.html
 * paints the theme's before the app loads). A plain link inside running text ("Log in to see your
 * notifications. Log in") looks like one; links styled as something else (a button, a nav item, a
 * tab) carry their component's class. On a phone every control a thumb aims at (a button, a
 * select, a text field, a table's link) is 40 px tall at least: the order-type tabs, the chart's
 * intervals and the header's buttons were 24–36 px, /home's pair links 19 (Apple asks 44 pt,
 * Material 48 dp; 40 keeps the trade page dense). That floor is index.html's own style, static CSS
 * that costs /home's JavaScript nothing; link-looking buttons keep their line (tapTarget.ts: 24 px).
 * Comments stay out of the CSS: a template's text ships as written, and these are in /home's 150 KB.
 */
export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html, body, #root { height: 100%; }
  html { background: ${({ theme }) => theme.color.bg}; }
  body {
    margin: 0;
    background: ${({ theme }) => theme.color.bg};
    color: ${({ theme }) => theme.color.text};
    font-family: ${({ theme }) => theme.font.body};
    font-size: ${({ theme }) => theme.size.text};
    line-height: 1.45;
    -webkit-font-smoothing: antialiased;
    color-scheme: ${({ theme }) => theme.name};
  }
  a { color: inherit; text-decoration: none; }
  p a:not([class]) { color: ${({ theme }) => theme.color.accent}; text-decoration: underline; text-underline-offset: 2px; }
  p a:not([class]):hover { text-decoration-thickness: 2px; }
  button, input, select { font: inherit; color: inherit; }
  table { border-collapse: collapse; width: 100%; }
  .num { font-variant-numeric: tabular-nums; }
  .up { color: ${({ theme }) => theme.color.up}; }
  .down { color: ${({ theme }) => theme.color.down}; }
`;
