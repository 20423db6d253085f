/**
 * The private channel every product pushes to (docs/API.md "The private channel"): a socket that
 * subscribes to USER_CHANNEL with `{ channel: 'user', token }` receives event `data` messages
 * tagged channel 'user' for that token's user only. A subscribe without a valid token is refused
 * (translated), like an unknown channel. What each product sends on it is its own wire type
 * (domain/spotOrders.ts UserStreamMessage lists them for the browser); the server's realtime
 * kernel carries them without knowing which.
 */
export const USER_CHANNEL = 'user';

export interface UserChannelSubscribe {
  channel: typeof USER_CHANNEL;
  token: string;
}

/** Any message on the private channel: tagged with the channel and its kind. */
export interface UserChannelMessage {
  channel: typeof USER_CHANNEL;
  kind: string;
}
