import type { ReactNode } from 'react';
import styled from 'styled-components';
import { money } from '../../../domain/figures';
import { fieldInput } from '../../app/ui/FormField';
import { Panel } from '../../app/ui/Panel';
import { PHONE } from '../../app/theme';
import { Pager as RecordPager } from '../../app/ui/RecordFilters';

export const Stack = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 12px;
`;

/** The overview's figures: in a row, on a phone two to a row under the total. */
export const Figures = styled.div`
  display: grid;
  grid-template-columns: 2fr 1fr 1fr;
  gap: 16px;
  align-items: end;
  ${PHONE} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    & > :first-child { grid-column: 1 / -1; }
  }
`;

/** A wallet panel: title row with actions on the right, then dense content. */
export const Card = styled(Panel)`
  padding: 14px 16px;
  min-width: 0;
  ${PHONE} { padding: 12px; }
  .head { display: flex; align-items: center; gap: 10px; margin-bottom: 10px; flex-wrap: wrap; }
  .head h1, .head h2 { margin: 0; font-size: 16px; font-weight: 600; flex: 1; }
  .head h1 { font-size: 18px; }
  .intro { margin: 0 0 12px; color: ${({ theme }) => theme.color.textDim}; font-size: 13px; }
  code { font-family: ${({ theme }) => theme.font.mono}; font-size: 12px; }
  .num { font-variant-numeric: tabular-nums; }
  .dim { color: ${({ theme }) => theme.color.textDim}; }
  .up { color: ${({ theme }) => theme.color.up}; }
  .down { color: ${({ theme }) => theme.color.down}; }
  table { width: 100%; border-collapse: collapse; }
`;

/** The deposit, withdrawal and transfer pages' card: the page's title, what the page is for, then its form. */
export function FormCard(props: { title: string; intro: string; busy?: boolean; children: ReactNode }) {
  return (
    <Card aria-busy={props.busy}>
      <div className="head">
        <h1>{props.title}</h1>
      </div>
      <p className="intro">{props.intro}</p>
      {props.children}
    </Card>
  );
}

/** Label over value, for the overview's figures and the forms' summaries. */
export const Figure = styled.div`
  display: grid;
  gap: 3px;
  .label { font-size: 12px; color: ${({ theme }) => theme.color.textDim}; }
  .value { font-size: 15px; font-weight: 600; font-variant-numeric: tabular-nums; }
  .value.big { font-size: 26px; }
  .sub { font-size: 12px; color: ${({ theme }) => theme.color.textDim}; font-variant-numeric: tabular-nums; }
`;

/**
 * A form beside its side card (the withdrawal's available balance and 24h quota); on a phone the
 * card goes under the form, full width. A fixed two-column grid squeezed the form to 45 % at 390 px
 * and laid the card over its currency, network and address controls (issue 50 B1).
 */
export const FormWithAside = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 600px) 300px;
  gap: 32px;
  align-items: start;
  ${PHONE} {
    grid-template-columns: minmax(0, 1fr);
    gap: 16px;
  }
`;

/** Dense form fields for the wallet forms. */
export const WalletForm = styled.div`
  display: grid;
  gap: 12px;
  .field { display: grid; gap: 5px; }
  .field > label, .field > .label { font-size: 12px; color: ${({ theme }) => theme.color.textDim}; }
  .refusal { margin: 4px 0 0; font-size: 13px; color: ${({ theme }) => theme.color.down}; }
  .row { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
  ${PHONE} { .row { grid-template-columns: minmax(0, 1fr); } }
  input[type='text'], input[type='password'], select {
    ${fieldInput('8px 10px')}
    font: inherit;
  }
  .with-button { display: flex; gap: 6px; align-items: stretch; }
  .with-button input { flex: 1; }
  .error { color: ${({ theme }) => theme.color.down}; font-size: 12px; }
  .hint { font-size: 12px; color: ${({ theme }) => theme.color.textDim}; display: flex; justify-content: space-between; gap: 8px; }
  .hint b { color: ${({ theme }) => theme.color.text}; font-weight: 500; font-variant-numeric: tabular-nums; }
`;

/**
 * One label-and-figure line under a wallet form's fields (minimum, fee, what arrives, what is
 * available): every deposit, withdrawal and transfer form lists a few, so they are drawn once.
 */
export function Hint(props: { label: string; testId?: string; children: ReactNode }) {
  return (
    <div className="hint">
      <span>{props.label}</span>
      <b data-testid={props.testId}>{props.children}</b>
    </div>
  );
}

/** A quantity of a currency with its symbol ("12.5 USDT"), as the wallet forms show figures. */
export const inCurrency = (value: string, currency: string | undefined) => `${money(value, currency ?? '')} ${currency ?? ''}`;

/** Spec §8 security tip, and other notices. */
export const Tip = styled.p<{ $tone?: 'warn' | 'down' | 'up' }>`
  margin: 0;
  padding: 8px 12px;
  border-left: 3px solid ${({ theme, $tone = 'warn' }) => theme.color[$tone]};
  background: ${({ theme, $tone = 'warn' }) => theme.color[$tone]}14;
  color: ${({ theme }) => theme.color.text};
  font-size: 12px;
`;

/** The shared record pager (src/app/ui/RecordFilters.tsx) under a card's table. */
export const CardPager = styled(RecordPager)`
  padding-top: 10px;
`;

