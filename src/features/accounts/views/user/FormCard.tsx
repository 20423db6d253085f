import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { PHONE } from '../../../../app/theme';
import { fieldInput } from '../../../../app/ui/FormField';
import { Panel } from '../../../../app/ui/Panel';
import { phoneTapTarget } from '../../../../app/ui/tapTarget';

/** A dense settings panel whose `.field` rows match the auth forms' FormField markup. */
// A word longer than the line (an e-mail address in a sentence) breaks rather than overflows. A
// field beside a taller one (its error said) keeps its own height: its select did not stretch to match.
export const FormCard = styled(Panel)`
  padding: 14px 16px;
  max-width: 560px;
  overflow-wrap: break-word;
  h1 { margin: 0 0 4px; font-size: 18px; }
  .intro { margin: 0 0 14px; color: ${({ theme }) => theme.color.textDim}; }
  .field { display: grid; align-content: start; gap: 4px; margin-bottom: 10px; color: ${({ theme }) => theme.color.textDim}; }
  input[type='text'], input[type='password'], select { ${fieldInput('7px 9px')} }
  .with-button { display: flex; gap: 8px; }
  .error { color: ${({ theme }) => theme.color.down}; font-size: 12px; }
  .row { display: grid; grid-template-columns: 1fr 1fr; gap: 0 12px; }
  .tip { color: ${({ theme }) => theme.color.warn}; font-size: 12px; margin: 0 0 10px; }
`;

/** Label / value rows of the personal info page. */
export const InfoList = styled.dl`
  display: grid;
  grid-template-columns: 160px minmax(0, 1fr);
  gap: 8px 12px;
  margin: 0;
  dt { color: ${({ theme }) => theme.color.textDim}; }
  dd { margin: 0; display: flex; align-items: center; gap: 8px; min-width: 0; }
  dd > a { ${phoneTapTarget} }
  ${PHONE} { grid-template-columns: minmax(84px, 32%) minmax(0, 1fr); }
`;

export const Avatar = styled.span<{ $size?: number }>`
  display: inline-grid;
  place-items: center;
  width: ${({ $size = 48 }) => $size}px;
  height: ${({ $size = 48 }) => $size}px;
  border-radius: 50%;
  overflow: hidden;
  background: ${({ theme }) => theme.color.panelRaised};
  border: 1px solid ${({ theme }) => theme.color.border};
  color: ${({ theme }) => theme.color.textDim};
  font-weight: 600;
  img { width: 100%; height: 100%; object-fit: cover; }
`;

/**
 * A link in the user centre's text that looks like one (issue 50 C2): the page's global style
 * draws links as plain text, which suits menus and rows, not a sentence's "Sessions" or "Address book".
 */
export const TextLink = styled(Link)`
  color: ${({ theme }) => theme.color.accent};
  text-decoration: underline;
  text-underline-offset: 2px;
  &:hover { text-decoration-thickness: 2px; }
`;
