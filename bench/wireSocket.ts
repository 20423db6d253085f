/**
 * A bare WebSocket speaking engine.io v4 / socket.io v5 itself, for the benches' crowds of
 * subscribers: open, connect the main namespace, subscribe, answer pings, and hand each `data`
 * event's raw text to the caller undecoded. It costs a fraction of socket.io-client's CPU, so on
 * this 2-core machine the server, not the measuring clients, is what saturates first. The wire it
 * reads is the one a browser's socket.io-client reads (docs/API.md).
 */
import WebSocket from 'ws';

export interface WireSocket {
  close(): void;
}

/**
 * Connects and subscribes (each subscription an emit with an ack); resolves once every subscription
 * was acknowledged, with how many were refused (an ack whose code is not 200).
 */
export function openWireSocket(url: string, subscriptions: unknown[], onData: (text: string) => void): Promise<{ socket: WireSocket; refused: number }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`);
    let acked = 0;
    let refused = 0;
    const socket = { close: () => ws.close() };
    ws.on('message', (raw) => {
      const text = raw.toString();
      if (text.startsWith('42["data"')) onData(text);
      else if (text === '2') ws.send('3'); // engine.io ping → pong
      else if (text.startsWith('0')) ws.send('40'); // engine.io open → connect the main namespace
      else if (text.startsWith('40')) subscriptions.forEach((s, k) => ws.send(`42${k}${JSON.stringify(['subscribe', s])}`));
      else if (text.startsWith('43')) {
        // An ack: `43<id>[{"code":200,…}]`.
        if (!text.includes('"code":200')) refused += 1;
        acked += 1;
        if (acked === subscriptions.length) resolve({ socket, refused });
      }
    });
    ws.on('error', reject);
  });
}

/** Messages in one `data` event's text, counted by their channel tags (every message has one). */
export function countMessages(text: string, tag = '"channel":'): number {
  let count = 0;
  for (let at = text.indexOf(tag); at !== -1; at = text.indexOf(tag, at + tag.length)) count += 1;
  return count;
}
