import styled, { css } from 'styled-components';
import { PHONE } from '../theme';

/**
 * The app's button. Drawn as a link (as={Link}: "Log in", "Register") and stretched to its row, it
 * centres its text as a <button> does. A small one is 27 px; on a phone every one is 40 px tall at
 * least (a thumb's tap; theme.ts says the same for plain controls), drawn as a link too.
 * No comments inside the CSS: a template's text ships as written.
 */
export const Button = styled.button<{ $variant?: 'primary' | 'ghost' | 'danger'; $small?: boolean }>`
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radius};
  padding: ${({ $small }) => ($small ? '3px 10px' : '7px 16px')};
  font-weight: 600;
  cursor: pointer;
  white-space: nowrap;
  text-align: center;
  ${({ theme, $variant = 'primary' }) =>
    $variant === 'primary'
      ? css`
          background: ${theme.color.accent};
          color: ${theme.color.accentText};
        `
      : $variant === 'danger'
        ? css`
            background: ${theme.color.downFill};
            color: ${theme.color.fillText};
          `
        : css`
            background: transparent;
            border-color: ${theme.color.border};
            color: ${theme.color.text};
            &:hover { background: ${theme.color.hover}; }
          `}
  &:disabled { opacity: 0.5; cursor: not-allowed; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.accent}; outline-offset: 1px; }
  ${PHONE} { padding-block: 10px; }
`;
