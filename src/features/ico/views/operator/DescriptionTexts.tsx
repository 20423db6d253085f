import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { DEFAULT_LANGUAGE, LANGUAGES, type LocaleCode } from '../../../../../domain/languages';
import { LanguageTabs } from '../../../../app/ui/LanguageTabs';
import type { FormProblem } from '../../machines/icoDesk/icoDesk.machine';

const Note = styled.span<{ $problem?: boolean }>`
  font-size: 11px;
  color: ${({ theme, $problem }) => ($problem ? theme.color.down : theme.color.textFaint)};
`;

const PANEL_ID = 'ico-desk-description';

/**
 * The project's description in all nine languages, one at a time (tabs). Each tab says its state:
 * ✓ written, or "missing" (issue 50 M7: the form asks for every language, not only the first
 * four); the default language is required and marked as the fallback, and the languages still
 * missing are named under the tabs, since their readers get the default's text, marked.
 * Which tab is open is presentation state; the texts live in the desk machine's form.
 */
export function DescriptionTexts(props: {
  texts: Record<LocaleCode, string>;
  problem: FormProblem | undefined;
  onChange: (lang: LocaleCode, value: string) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<LocaleCode>(DEFAULT_LANGUAGE.lang);
  const language = LANGUAGES.find((l) => l.lang === open)!;
  const isDefault = open === DEFAULT_LANGUAGE.lang;
  const missing = props.problem?.field === 'description';
  const unwritten = LANGUAGES.filter((l) => props.texts[l.lang].trim() === '' && l.lang !== DEFAULT_LANGUAGE.lang);
  return (
    <div className="wide" style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
      <LanguageTabs
        label={t('ico.desk.languages')}
        open={open}
        panelId={PANEL_ID}
        onOpen={setOpen}
        tab={(l) => {
          const written = props.texts[l.lang].trim() !== '';
          const fallback = l.lang === DEFAULT_LANGUAGE.lang;
          const state = t(written ? 'ico.desk.textWritten' : 'ico.desk.textMissing');
          return {
            label: `${l.name}${fallback ? ` · ${t('ico.desk.fallbackMark')}` : ''} (${state})`,
            invalid: missing && fallback,
            state: written ? 'written' : 'missing',
            marks: (
              <>
                {fallback && <span className="mark">· {t('ico.desk.fallbackMark')}</span>}
                {written ? (
                  <span className="mark" aria-hidden>
                    ✓
                  </span>
                ) : (
                  <span className="mark missing" aria-hidden>
                    {t('ico.desk.textMissing')}
                  </span>
                )}
              </>
            ),
          };
        }}
      />
      <Note data-testid="ico-desk-missing-languages">
        {unwritten.length === 0 ? t('ico.desk.allLanguages') : t('ico.desk.missingLanguages', { languages: unwritten.map((l) => l.name).join(', ') })}
      </Note>
      <div id={PANEL_ID} role="tabpanel" aria-label={language.name}>
        <label>
          {t('ico.desk.field.description')} · {language.name}
          <textarea
            name="description"
            lang={open.replace('_', '-')}
            rows={2}
            value={props.texts[open]}
            aria-invalid={missing && isDefault}
            onChange={(e) => props.onChange(open, e.target.value)}
          />
          <Note>{isDefault ? t('ico.desk.defaultRequired') : t('ico.desk.optionalText')}</Note>
          {missing && (
            <Note $problem role="alert">
              {t(props.problem!.key)}
            </Note>
          )}
        </label>
      </div>
    </div>
  );
}
