import styled from 'styled-components';
import type { LocaleCode } from '../../../domain/languages';

const Badge = styled.span`
  display: inline-block;
  min-width: 22px;
  padding: 0 3px;
  border-radius: 3px;
  font-size: 10px;
  font-weight: 700;
  line-height: 15px;
  text-align: center;
  color: ${({ theme }) => theme.color.textDim};
  border: 1px solid ${({ theme }) => theme.color.border};
`;

/**
 * The region of a locale ("JP" for ja_JP) as a small badge. Flag emoji are kept in the language
 * object (spec §3) but not drawn: Windows and many Linux desktops show them as bare letters or boxes.
 */
export function RegionBadge(props: { lang: LocaleCode }) {
  return <Badge aria-hidden>{props.lang.slice(3)}</Badge>;
}
