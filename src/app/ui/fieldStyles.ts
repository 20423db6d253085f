import { css } from 'styled-components';

/**
 * A focused field: the accent, 2 px thick (its 1 px border and a 1 px ring outside it), where a
 * resting field's edge is 1 px of fieldBorder. A colour change alone barely showed in the light
 * theme, whose accent and field border are both mid-dark (1.6:1 apart). The ring is a shadow, not
 * an outline, so the field's size and its neighbours do not move.
 */
export const fieldFocus = css`
  outline: none;
  border-color: ${({ theme }) => theme.color.accent};
  box-shadow: 0 0 0 1px ${({ theme }) => theme.color.accent};
`;

/**
 * The look of a text input or select inside a form card (auth, settings, wallet forms): raised
 * background, thin border, full width. Each card picks its own padding for its density. The
 * border is the field's own token (3:1, WCAG 1.4.11); focus draws it twice as thick in the accent
 * (fieldFocus), so the focused field stands out from the others' now visible edges.
 */
export const fieldInput = (padding: string) => css`
  background: ${({ theme }) => theme.color.panelRaised};
  border: 1px solid ${({ theme }) => theme.color.fieldBorder};
  border-radius: 4px;
  padding: ${padding};
  color: ${({ theme }) => theme.color.text};
  width: 100%;
  &:focus { ${fieldFocus} }
`;
