import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { HelpSummary } from '../../../../../domain/informHelp';
import { useHelpSearchFlow } from '../../support.hooks';
import { Badge } from '../../../../app/ui/Badge';
import { Button } from '../../../../app/ui/Button';
import { RetryButton } from '../../../../app/ui/RetryButton';
import { Muted, PageTitle, Panel, PanelBody } from '../../../../app/ui/Panel';
import { categoryKey } from './helpCategories';
import { PHONE } from '../../../../app/theme';

const Search = styled.form`
  display: flex;
  gap: 8px;
  margin: 10px 0;
  input {
    flex: 1;
    max-width: 520px;
    padding: 6px 10px;
    border: 1px solid ${({ theme }) => theme.color.fieldBorder};
    border-radius: ${({ theme }) => theme.radius};
    background: ${({ theme }) => theme.color.bg};
    &:focus { outline: none; border-color: ${({ theme }) => theme.color.accent}; box-shadow: 0 0 0 1px ${({ theme }) => theme.color.accent}; }
  }
`;

const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin-bottom: 12px;
`;

const Chip = styled.button<{ $active: boolean }>`
  padding: 3px 10px;
  border-radius: 16px;
  ${PHONE} { min-height: 32px; }
  cursor: pointer;
  border: 1px solid ${({ theme, $active }) => ($active ? theme.color.accent : theme.color.border)};
  background: ${({ theme, $active }) => ($active ? `${theme.color.accent}22` : 'transparent')};
  color: ${({ theme, $active }) => ($active ? theme.color.accent : theme.color.text)};
`;

// The category stays one pill on one line: squeezed beside a long question it broke inside a word ("アカウン/ト",
// "Ein- und/Auszahlungen"); the question wraps instead.
const Section = styled.section`
  margin-top: 12px;
  h2 { margin: 0 0 4px; font-size: 13px; font-weight: 600; color: ${({ theme }) => theme.color.textDim}; }
  ul { list-style: none; margin: 0; padding: 0; border-top: 1px solid ${({ theme }) => theme.color.border}; }
  li { border-bottom: 1px solid ${({ theme }) => theme.color.border}; }
  a {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 10px;
    padding: 8px 4px;
    &:hover { color: ${({ theme }) => theme.color.accent}; background: ${({ theme }) => theme.color.hover}; }
    > :last-child { flex-shrink: 0; white-space: nowrap; }
  }
`;

/**
 * The intro's link to the announcements, drawn as a link: the global style draws links as plain
 * text, and after the intro's sentence a plain "Announcements" read as a stray word in every language.
 */
const IntroLink = styled(Link)`
  color: ${({ theme }) => theme.color.accent};
  text-decoration: underline;
  text-underline-offset: 2px;
`;

function Articles(props: { title: string; items: HelpSummary[] }) {
  const { t } = useTranslation();
  if (props.items.length === 0) return null;
  return (
    <Section aria-label={props.title}>
      <h2>{props.title}</h2>
      <ul>
        {props.items.map((a) => (
          <li key={a.id}>
            <Link to={`/user/helpDetail/${a.id}`}>
              <span>{a.question}</span>
              <Badge>{t(categoryKey(a.category))}</Badge>
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** Spec §2 /user/helpcenter: search, common questions, categories. */
export function HelpCenterPage() {
  const { t } = useTranslation();
  const help = useHelpSearchFlow();
  const { search } = help;
  // The box's text is presentation state until submitted; the machine holds the query searched.
  const [text, setText] = useState(help.query.search);
  const category = help.query.category;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    search({ search: text, category });
  };
  const list = help.result?.list ?? [];
  const filtered = help.query.search.trim() !== '' || category !== '';

  return (
    <Panel>
      <PanelBody>
        <PageTitle>{t('help.title')}</PageTitle>
        <Muted>
          {t('help.intro')} <IntroLink to="/notices">{t('notices.title')}</IntroLink>
        </Muted>
        <Search role="search" onSubmit={submit}>
          <input type="search" value={text} maxLength={100} aria-label={t('help.searchPlaceholder')} placeholder={t('help.searchPlaceholder')} onChange={(e) => setText(e.target.value)} />
          <Button type="submit" disabled={help.searching}>
            {t('help.search')}
          </Button>
        </Search>
        <Chips role="group" aria-label={t('help.byCategory')}>
          <Chip type="button" $active={category === ''} aria-pressed={category === ''} onClick={() => search({ search: text, category: '' })}>
            {t('help.all')}
          </Chip>
          {(help.result?.categories ?? []).map((c) => (
            <Chip key={c} type="button" $active={category === c} aria-pressed={category === c} onClick={() => search({ search: text, category: c })}>
              {t(categoryKey(c))}
            </Chip>
          ))}
        </Chips>
        {help.failed ? (
          <Muted role="alert">
            {t('help.failed')} <RetryButton small onRetry={help.retry} />
          </Muted>
        ) : help.searching && !help.result ? (
          <Muted>{t('help.searching')}</Muted>
        ) : filtered ? (
          list.length === 0 ? (
            <Muted>{t('help.noResults')}</Muted>
          ) : (
            <Articles title={t('help.results', { count: list.length })} items={list} />
          )
        ) : (
          <>
            <Articles title={t('help.common')} items={list.filter((a) => a.common)} />
            <Articles title={t('help.more')} items={list.filter((a) => !a.common)} />
          </>
        )}
      </PanelBody>
    </Panel>
  );
}
