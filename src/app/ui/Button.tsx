import { useTranslation } from 'react-i18next';
import styled, { css } from 'styled-components';

export const Button = styled.button<{ $variant?: 'primary' | 'ghost' | 'danger'; $small?: boolean }>`
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radius};
  padding: ${({ $small }) => ($small ? '3px 10px' : '7px 16px')};
  font-weight: 600;
  cursor: pointer;
  white-space: nowrap;
  ${({ theme, $variant = 'primary' }) =>
    $variant === 'primary'
      ? css`
          background: ${theme.color.accent};
          color: ${theme.color.accentText};
        `
      : $variant === 'danger'
        ? css`
            background: ${theme.color.down};
            color: #fff;
          `
        : css`
            background: transparent;
            border-color: ${theme.color.border};
            color: ${theme.color.text};
            &:hover { background: ${theme.color.hover}; }
          `}
  &:disabled { opacity: 0.5; cursor: not-allowed; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.accent}; outline-offset: 1px; }
`;

/** The ghost "Retry" button of whatever failed to load (a list, a balance, a form's figures). */
export function RetryButton(props: { onRetry: () => void; small?: boolean }) {
  const { t } = useTranslation();
  return (
    <Button type="button" $variant="ghost" $small={props.small} onClick={props.onRetry}>
      {t('common.retry')}
    </Button>
  );
}

/** A list's load failure, announced, with its Retry button; nothing while the list is fine. */
export function RetryAlert(props: { failed: boolean; onRetry: () => void }) {
  if (!props.failed) return null;
  return (
    <p role="alert">
      <RetryButton small onRetry={props.onRetry} />
    </p>
  );
}
