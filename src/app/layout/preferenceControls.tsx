import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../../domain/languages';
import { useAppFlow } from '../views/hooks';

/** The language as a native select (footer, phone menu, operator console): the app flow's language, changed there. */
export function LanguageSelect(props: { labelled?: boolean }) {
  const { t } = useTranslation();
  const appFlow = useAppFlow();
  return (
    <select aria-label={props.labelled === false ? undefined : t('nav.language')} value={appFlow.language.lang} onChange={(e) => appFlow.changeLanguage(e.target.value)}>
      {LANGUAGES.map((l) => (
        <option key={l.lang} value={l.lang}>
          {l.name}
        </option>
      ))}
    </select>
  );
}

/** What a theme button says and does, whichever button shows it (header, phone menu, operator console). */
export function useThemeToggle() {
  const { t } = useTranslation();
  const appFlow = useAppFlow();
  const label = t(appFlow.theme === 'dark' ? 'nav.themeLight' : 'nav.themeDark');
  return {
    'aria-label': label,
    title: label,
    onClick: () => appFlow.changeTheme(appFlow.theme === 'dark' ? 'light' : 'dark'),
    children: appFlow.theme === 'dark' ? '☀' : '☾',
  };
}
