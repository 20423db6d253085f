import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from './Button';

/**
 * What a page's place shows while its code arrives: it keeps the content area's height, so the
 * header and footer around it never move (spec'd layouts stay put; only the content fills in).
 */
const Holder = styled.div`
  min-height: 60vh;
  display: grid;
  place-items: center;
  align-content: center;
  gap: 12px;
  color: ${({ theme }) => theme.color.textFaint};
  font-size: 13px;
`;

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <Holder role="status" aria-busy="true" data-page-loading>
      {t('common.loading')}
    </Holder>
  );
}

function PageLoadFailed() {
  const { t } = useTranslation();
  return (
    <Holder role="alert">
      <div>{t('boot.failed.page')}</div>
      <Button onClick={() => window.location.reload()}>{t('common.retry')}</Button>
    </Holder>
  );
}

/** A page's code could not be fetched (offline, or a deploy replaced its chunk). */
export class PageLoadError extends Error {
  constructor(cause: unknown) {
    super('page code could not be loaded', { cause });
  }
}

/**
 * Shows a reload instead of a blank screen when a page's code could not be fetched; any other
 * error goes on to the router's boundary as before.
 */
export class PageLoadBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    if (this.state.error instanceof PageLoadError) return <PageLoadFailed />;
    throw this.state.error;
  }
}
