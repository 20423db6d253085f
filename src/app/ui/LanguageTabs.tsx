import type { ReactNode } from 'react';
import styled from 'styled-components';
import { LANGUAGES, type Language, type LocaleCode } from '../../../domain/languages';
import { Segmented } from './Segmented';

// Nine languages do not fit a phone's width: the strip scrolls inside itself, never the page.
const Strip = styled(Segmented)`
  align-self: flex-start;
  max-width: 100%;
  overflow-x: auto;
  .mark { margin-left: 4px; }
  .missing { color: ${({ theme }) => theme.color.textFaint}; }
`;

/** What a language's tab says beside the language's name: its accessible name, whether its text is refused, its marks. */
export interface LanguageTab {
  label: string;
  invalid: boolean;
  /** `data-state`, for a test or a style that looks at it. */
  state?: string;
  marks: ReactNode;
}

/**
 * A text written in every display language, one language at a time (the console's notices and
 * ICO descriptions): a tab per language controlling the panel `panelId`. Which tab is open is
 * the caller's (a machine's editor, or the form's presentation state).
 */
export function LanguageTabs(props: { label: string; open: LocaleCode; panelId: string; onOpen: (lang: LocaleCode) => void; tab: (language: Language) => LanguageTab }) {
  return (
    <Strip role="tablist" aria-label={props.label}>
      {LANGUAGES.map((l) => {
        const tab = props.tab(l);
        return (
          <button
            key={l.lang}
            type="button"
            role="tab"
            aria-selected={l.lang === props.open}
            aria-controls={props.panelId}
            aria-label={tab.label}
            aria-invalid={tab.invalid}
            data-state={tab.state}
            onClick={() => props.onOpen(l.lang)}
          >
            {l.name}
            {tab.marks}
          </button>
        );
      })}
    </Strip>
  );
}
