import { useEffect } from 'react';

/**
 * Escape anywhere on the page calls `onEscape` (a dialog, the menu sheet): what Escape closes is
 * the view's own open state, so the listener lives as long as the view that shows it.
 */
export function useEscapeKey(onEscape: () => void) {
  // effect: a keydown listener on the document (a DOM listener) while the closable view is shown.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onEscape();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onEscape]);
}
