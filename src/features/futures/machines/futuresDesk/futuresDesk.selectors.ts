import type { FuturesDeskContext } from './futuresDesk.machine';

/** Seconds to the next funding (the desk's countdown child), undefined before the first read. */
export const selectFundingIn = (s: { context: FuturesDeskContext }): number | undefined => s.context.fundingIn;
