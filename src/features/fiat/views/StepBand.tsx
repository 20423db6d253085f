import type { ReactNode } from 'react';
import { formatCountdown } from '../../../../domain/duration';
import { Button } from '../../../app/ui/Button';
import { Band } from './fiatStyles';

/**
 * One step of an order, as both parties' pages show it: a band with what the step is (its heading
 * coloured when the order succeeded), a line under it, then the step's countdown and actions.
 * Only the step itself is a live region (issue 50 M15): a screen reader announces a change of
 * state, not the countdown ticking every second beside it, nor the buttons.
 */
export function StepBand(props: { tone: 'up' | 'warn' | 'dim'; title: string; hint: ReactNode; note?: ReactNode; children?: ReactNode }) {
  return (
    <Band $tone={props.tone}>
      <div role="status" data-testid="step-status">
        <h2 className={props.tone === 'up' ? 'up' : undefined}>{props.title}</h2>
        <div className="dim">{props.hint}</div>
        {props.note}
      </div>
      {props.children}
    </Band>
  );
}

/** The seconds left of a step, on the server's clock: a timer, which is not announced as it ticks (issue 50 M15). */
export function Countdown(props: { seconds: number; label?: string }) {
  return (
    <div className="countdown" role="timer" aria-live="off" aria-label={props.label} data-testid="countdown">
      {formatCountdown(props.seconds)}
    </div>
  );
}

/** One button of an order's step or dialog: its words, its look, what a click does. */
export interface OrderAction {
  label: string;
  variant: 'primary' | 'ghost' | 'danger';
  onClick: () => void;
}

/** An order's pair of buttons, the lesser first (left out where there is none) and the main one last. */
export function ActionPair(props: { lesser?: OrderAction | false; main: OrderAction }) {
  return (
    <>
      {props.lesser && (
        <Button $variant={props.lesser.variant} onClick={props.lesser.onClick}>
          {props.lesser.label}
        </Button>
      )}
      <Button $variant={props.main.variant} onClick={props.main.onClick}>
        {props.main.label}
      </Button>
    </>
  );
}
