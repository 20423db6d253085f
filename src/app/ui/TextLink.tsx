import { Link } from 'react-router-dom';
import styled from 'styled-components';

/**
 * A link inside a sentence that is not a <p> (a form's note in a label or a span: "You have no
 * collection method yet. Add one"): drawn as the global style draws one in running text, in the
 * accent and underlined, so it reads as a link and not as more of the sentence.
 */
export const TextLink = styled(Link)`
  color: ${({ theme }) => theme.color.accent};
  text-decoration: underline;
  text-underline-offset: 2px;
  &:hover { text-decoration-thickness: 2px; }
`;
