import { Fragment } from 'react';
import styled from 'styled-components';

// With a width of its own (a table cell, whose lines do not wrap): a column that many lines tall.
const Wrap = styled.span<{ $max?: string }>`
  overflow-wrap: anywhere;
  min-width: 0;
  ${({ $max }) => ($max ? `display: inline-block; max-width: ${$max}; white-space: normal; vertical-align: top;` : '')}
`;

const Cut = styled.span<{ $max?: string }>`
  display: inline-block;
  max-width: ${({ $max }) => $max ?? '100%'};
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  vertical-align: bottom;
`;

/** Where an address reads best broken: after an at-sign or a slash, before a dot, hyphen or underscore. */
export function breakPoints(text: string): string[] {
  return text.split(/(?<=[@/])|(?=[._-])/).filter((part) => part !== '');
}

/**
 * Long unbroken text (an e-mail address, a wallet address, a URL) that must not push its box wider
 * than the screen. `wrap` (the default) shows all of it, broken at its natural points first
 * (`a.trader@` / `example.org`) and anywhere if a part is still too long; `ellipsis` keeps one line,
 * cut with "…", the whole text in its tooltip (assistive technology reads the whole text either way).
 * `maxWidth`: the widest it gets (needed where lines do not wrap, as in a table cell).
 */
export function LongText(props: { text: string; mode?: 'wrap' | 'ellipsis'; maxWidth?: string; className?: string }) {
  if (props.mode === 'ellipsis') {
    return (
      <Cut className={props.className} $max={props.maxWidth} title={props.text}>
        {props.text}
      </Cut>
    );
  }
  return (
    <Wrap className={props.className} $max={props.maxWidth}>
      {breakPoints(props.text).map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </Wrap>
  );
}
