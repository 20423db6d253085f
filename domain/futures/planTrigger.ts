/**
 * A take-profit / stop-loss by ROE as a trader reads it. The API keeps the percentage unsigned
 * ("10" on a stop-loss means ROE ≤ −10 %); on screen a stop-loss is a loss and a take-profit a gain,
 * so a loss is entered and shown with its minus sign.
 */
import { percentPoints } from '../figures.js';

export interface RoePlan {
  kind: 'take_profit' | 'stop_loss';
  trigger_value: string;
}

/** "-10.00%" for a stop-loss, "+50.00%" for a take-profit: a percentage like every other (domain/figures.ts). */
export function roeTriggerText(plan: RoePlan): string {
  return percentPoints(plan.kind === 'stop_loss' ? `-${plan.trigger_value}` : plan.trigger_value);
}

/** A typed ROE with either minus sign ("−10", "-10") in ASCII form ("-10"); anything else unchanged. */
export function asciiMinus(value: string): string {
  return value.replace(/^[−–]/, '-');
}
