/**
 * What the machines of one channel (latest trades, order book) share: the feed invoked with the
 * machine's channel, and the wait for the snapshot after a dropped connection. The feed's actor is
 * provided by the page (`id` names it); the states' names are the machines' own.
 */

/** The feed actor `id` on the machine's channel; when it cannot join the channel, `failed` (`why`: what is lost then). */
export function channelFeed<const Id extends string>(id: Id, why: string) {
  return { id, src: id, input: ({ context }: { context: { channel: string } }) => ({ channel: context.channel }), onError: { target: 'failed', description: why } } as const;
}

/** The connection dropped: what is on screen stays, stale, until the reconnect re-subscribed the channel (`why`) and its snapshot comes. */
export function awaitingReconnect(why: string) {
  return { on: { 'connection.restored': { target: 'awaitingSnapshot', description: why } } } as const;
}
