import type { SnapshotFrom } from 'xstate';
import type { convertMachine } from './convert.machine';

type ConvertSnapshot = SnapshotFrom<typeof convertMachine>;

/** Where the flow stands, as the page draws it: the form alone, a quote (live or expired), or an outcome. */
export type ConvertStage = 'editing' | 'quoting' | 'quoted' | 'expired' | 'accepting' | 'converted' | 'moved' | 'refused';

export const selectStage = (s: ConvertSnapshot): ConvertStage => (s.value as { flow: ConvertStage }).flow;

/** The quote the page shows: while it is good, once it has expired, and while it is being accepted. */
export const selectShownQuote = (s: ConvertSnapshot) => (s.matches({ flow: 'quoted' }) || s.matches({ flow: 'expired' }) || s.matches({ flow: 'accepting' }) ? s.context.quote : undefined);

/** Whether "Get quote" would be heard now (not while a quote or an accept is on its way). */
export const selectCanQuote = (s: ConvertSnapshot) => s.matches({ flow: 'editing' });

/** The fields are held while an accept is on its way. */
export const selectFieldsHeld = (s: ConvertSnapshot) => s.matches({ flow: 'accepting' });

/** The first read of the recent conversions, nothing on screen yet. */
export const selectHistoryLoading = (s: ConvertSnapshot) => s.matches({ history: 'loading' }) && s.context.history === undefined;
export const selectHistoryFailed = (s: ConvertSnapshot) => s.matches({ history: 'failed' });
