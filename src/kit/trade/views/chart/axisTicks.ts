import type { AxisTick } from 'klinecharts';

/**
 * The time axis's labels that fit whole: klinecharts centres each label on its candle, so one
 * near either edge of the axis was drawn cut ("17:1", issue 37 defect 15). Dropping it keeps the
 * axis honest; its neighbours still name the time, and the crosshair names any candle.
 */
export function ticksInside(ticks: readonly AxisTick[], axisWidth: number, textWidth: (text: string) => number): AxisTick[] {
  return ticks.filter((tick) => {
    const half = textWidth(tick.text) / 2;
    return tick.coord - half >= 0 && tick.coord + half <= axisWidth;
  });
}

let measuring: CanvasRenderingContext2D | null | undefined;

/** A label's width in the axis's font, measured on a canvas of its own (an estimate where there is none). */
export function labelWidth(font: string): (text: string) => number {
  return (text) => {
    if (measuring === undefined) measuring = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
    if (!measuring) return text.length * 6.5;
    measuring.font = font;
    return measuring.measureText(text).width;
  };
}
