/**
 * The header's corner for a signed-in visitor, the bell and the account menu: one chunk fetched
 * when a session is there (lazyParts.tsx), not with what a signed-out first visit to /home loads.
 */
export { NotificationBell } from './NotificationBell';
export { UserPopup } from './UserPopup';
