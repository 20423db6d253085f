import type { ReactNode } from 'react';
import { formatCountdown } from '../../../../domain/duration';
import { Band } from './fiatStyles';

/**
 * One step of an order, as both parties' pages show it: a band with what the step is (its heading
 * coloured when the order succeeded), a line under it, then the step's countdown and actions.
 */
export function StepBand(props: { tone: 'up' | 'warn' | 'dim'; title: string; hint: ReactNode; note?: ReactNode; children?: ReactNode }) {
  return (
    <Band $tone={props.tone} role="status">
      <div>
        <h2 className={props.tone === 'up' ? 'up' : undefined}>{props.title}</h2>
        <div className="dim">{props.hint}</div>
        {props.note}
      </div>
      {props.children}
    </Band>
  );
}

/** The seconds left of a step, on the server's clock. */
export function Countdown(props: { seconds: number; label?: string }) {
  return (
    <div className="countdown" aria-label={props.label} data-testid="countdown">
      {formatCountdown(props.seconds)}
    </div>
  );
}
