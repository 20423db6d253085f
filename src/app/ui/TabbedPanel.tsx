import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Panel, PanelHeader } from './Panel';

const TabList = styled.div`
  display: flex;
  gap: 16px;
  flex-wrap: wrap;
  button {
    all: unset;
    cursor: pointer;
    font-size: 13px;
    font-weight: 600;
    color: ${({ theme }) => theme.color.textDim};
    padding-bottom: 2px;
    border-bottom: 2px solid transparent;
  }
  button[aria-selected='true'] { color: ${({ theme }) => theme.color.text}; border-color: ${({ theme }) => theme.color.accent}; }
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
  return (
    <Panel className={props.className}>
      <PanelHeader>
        <TabList role="tablist">
          {props.tabs.map((t) => (
            <button key={t.id} type="button" role="tab" aria-selected={t.id === shown.id} onClick={() => setTab(t.id)}>
              {t.count === undefined ? t.label : `${t.label} (${t.count})`}
            </button>
          ))}
        </TabList>
        <Link to={shown.more} style={{ fontSize: 12 }}>
          {props.moreLabel} →
        </Link>
      </PanelHeader>
      <Scroll role="tabpanel" $maxHeight={props.maxHeight}>
        {props.children(shown.id)}
      </Scroll>
      {props.dialogs}
    </Panel>
  );
}
