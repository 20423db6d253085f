import type { NoteType, PlatNote } from '../../../domain/api';
import { createFlowContext } from '../flowContext';

/** The platform-note popup (footer links, the agreement) as the footer draws it and a page opens it. */
export interface NotesFlow {
  open: boolean;
  loading: boolean;
  note: PlatNote['detail'] | undefined;
  /** English stands in for the display language (issue 51 §5): the popup may mark it. */
  fallback: boolean;
  hasAgree: boolean;
  openNote: (type: NoteType) => void;
  close: () => void;
  agree: () => void;
}

/**
 * What a product lends the shell (issue 54 §3), declared as products declare their menus: the
 * unread count on the header's bell and the platform notes the footer's links open. Hooks over
 * the lending product's own actors, so the shell names no product; the support product fills the
 * slot (its context is this one, widened with its flows: support.context.ts). A page of another
 * product that opens a note (the agreement on /agree and /reg-next) reads it here too
 * (`NoticesContext.use().useNotes()`: it suspends until the filling product's flows load), and a
 * shell test hands it a double. On its own, so that feature.tsx (in the code every page loads)
 * names it without the hooks.
 */
export interface ShellNotices {
  /** The bell's count for the signed-in user: read for each user who signs in, cleared when the bell goes. */
  useBellCount: (userId: number) => number;
  useNotes: () => NotesFlow;
  /** Opens a note when the calling page arrives (the agreement on /agree), through an actor of the page's lifetime. */
  useNoteOnArrival: (type: NoteType) => void;
}

export const NoticesContext = createFlowContext<ShellNotices>('Support');
