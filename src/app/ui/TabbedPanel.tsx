import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Panel, PanelHeader } from './Panel';
import { scrollFade, useScrollEdges } from './ScrollCues';

/**
 * One row of tabs that scrolls sideways inside itself (faded at an edge that hides more): wrapped,
 * a long language's third tab ("История ордеров") sat alone on a second line, read as a heading.
 * Each tab is 32 px high, a finger's tap.
 */
const TabList = styled.div`
  display: flex;
  gap: 16px;
  flex: 1 1 auto;
  min-width: 0;
  overflow-x: auto;
  overscroll-behavior-x: contain;
  scrollbar-width: none;
  ${scrollFade}
  button {
    all: unset;
    flex: none;
    display: inline-flex;
    align-items: center;
    min-height: 32px;
    box-sizing: border-box;
    white-space: nowrap;
    cursor: pointer;
    font-size: 13px;
    font-weight: 600;
    color: ${({ theme }) => theme.color.textDim};
    border-bottom: 2px solid transparent;
  }
  button[aria-selected='true'] { color: ${({ theme }) => theme.color.text}; border-color: ${({ theme }) => theme.color.accent}; }
`;

const More = styled(Link)`
  flex: none;
  display: inline-flex;
  align-items: center;
  min-height: 32px;
  font-size: 12px;
`;

const Scroll = styled.div<{ $maxHeight: number }>`
  max-height: ${({ $maxHeight }) => $maxHeight}px;
  overflow: auto;
`;

/** One tab of a TabbedPanel: its label (with the list's length, when given) and the page that lists all of it. */
export interface PanelTab<T extends string> {
  id: T;
  label: string;
  count?: number;
  more: string;
}

/**
 * A panel of a few short lists, one shown at a time (the trade pages' orders and positions
 * panels): the tabs in the header, a link to the chosen list's own page (`moreLabel`), and the
 * chosen list (`children(tab)`) scrolling below `maxHeight`. `dialogs` are the lists' questions.
 */
export function TabbedPanel<T extends string>(props: {
  className?: string;
  tabs: PanelTab<T>[];
  moreLabel: string;
  maxHeight: number;
  children: (tab: T) => ReactNode;
  dialogs?: ReactNode;
}) {
  const [tab, setTab] = useState<T>(props.tabs[0]!.id);
  const shown = props.tabs.find((t) => t.id === tab) ?? props.tabs[0]!;
  const list = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(list);
  return (
    <Panel className={props.className}>
      <PanelHeader>
        <TabList ref={list} role="tablist" data-more-start={edges.start || undefined} data-more-end={edges.end || undefined}>
          {props.tabs.map((t) => (
            <button key={t.id} type="button" role="tab" aria-selected={t.id === shown.id} onClick={() => setTab(t.id)}>
              {t.count === undefined ? t.label : `${t.label} (${t.count})`}
            </button>
          ))}
        </TabList>
        <More to={shown.more}>{props.moreLabel} →</More>
      </PanelHeader>
      <Scroll role="tabpanel" $maxHeight={props.maxHeight}>
        {props.children(shown.id)}
      </Scroll>
      {props.dialogs}
    </Panel>
  );
}
