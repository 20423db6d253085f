import { css } from 'styled-components';
import { PHONE } from '../theme';

/**
 * A text link's tap target on a phone: 24 px tall at least (WCAG 2.2 SC 2.5.8), where a 12–13 px
 * line is 17–19 px. Four pixels above and below, taken back by a negative margin, so the words, the
 * line and the rows around stay where they were, and the desktop look does not change. For links
 * that stand on their own (a form's "Forgot password?", the footer's lists, a panel header's "All
 * markets"); a link inside a sentence is exempt and keeps its line's height.
 */
export const phoneTapTarget = css`
  ${PHONE} { display: inline-block; padding-block: 4px; margin-block: -4px; }
`;
