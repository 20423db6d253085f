import { randomUUID } from 'node:crypto';
import type { ClusterRedis } from './cluster.js';
import type { CommandReply } from './messages.js';
import { followStream } from './streamLog.js';

/**
 * A caller's reply stream: the holders it sends commands to append their answers there
 * (Owner.reply), and it reads them on a connection of its own from the moment it opened, so an
 * answer appended while that connection was broken is read once it is back.
 */
export interface ReplyInbox {
  /** Who this caller is, in its batches' `from` (CommandClient matches replies by it). */
  readonly caller: string;
  /** Where its batches ask for their answers (`replyTo`). */
  readonly key: string;
  onReply(handler: (reply: CommandReply) => void): void;
  stop(): void;
}

export async function openReplyInbox(cluster: ClusterRedis, log: (message: string, error?: unknown) => void): Promise<ReplyInbox> {
  const caller = randomUUID();
  const key = cluster.keys.replies(caller);
  const handlers: Array<(reply: CommandReply) => void> = [];
  const reading = await followStream(
    cluster.url,
    key,
    `${cluster.prefix}:replies`,
    (text) => {
      let reply: Partial<CommandReply>;
      try {
        reply = JSON.parse(text) as Partial<CommandReply>;
      } catch (error) {
        return log('cluster: a reply that is not JSON', error);
      }
      if (typeof reply.to === 'string' && Number.isSafeInteger(reply.id)) for (const handler of handlers) handler(reply as CommandReply);
    },
    log,
  );
  return {
    caller,
    key,
    onReply: (handler) => void handlers.push(handler),
    stop: () => reading.stop(),
  };
}
