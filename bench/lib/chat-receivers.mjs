// A worker thread of the chat bench (bench/chat.mjs) holding some of its Socket.IO clients: each
// is a real socket.io-client connection with the web client's transport options, and notes for
// every `messages` event the message's clientKey and the time it arrived. The sockets are spread
// over a few threads so that one event loop working through the 500 deliveries of a message to
// the big group does not delay the arrival times taken on the others.
//
// workerData: { base, socketIoClient (file URL), clients: [{ n, token, userId }] }
// Messages in: 'collect' → answers { type: 'deliveries', byClient: [[n, keys, times], …] };
//              'close' → closes the sockets and ends the thread.
// Messages out: { type: 'connected' } or { type: 'failed', error }.
import { parentPort, workerData } from 'node:worker_threads';

const { io } = await import(workerData.socketIoClient);
/** Milliseconds since the epoch, sub-millisecond: comparable with the main thread's clock. */
const now = () => performance.timeOrigin + performance.now();

const sockets = [];
const received = new Map();

try {
  for (let start = 0; start < workerData.clients.length; start += 50) {
    const batch = workerData.clients.slice(start, start + 50).map(({ n, token, userId }) => {
      const keys = [];
      const times = [];
      received.set(n, { keys, times });
      // The web client's options (web/src/api/realtime.ts), without reconnecting.
      const socket = io(workerData.base, {
        path: '/socket.io',
        auth: { loginToken: token },
        transports: ['websocket', 'polling'],
        reconnection: false,
      });
      sockets.push(socket);
      socket.on('messages', (payload) => {
        const at = now();
        const message = payload?.message;
        // The sender's own socket gets its message too; that one is not counted.
        if (!message || message.sender?.userId === userId) return;
        keys.push(message.clientKey);
        times.push(at);
      });
      return new Promise((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
    });
    await Promise.all(batch);
  }
  parentPort.postMessage({ type: 'connected' });
} catch (error) {
  parentPort.postMessage({ type: 'failed', error: String(error?.message ?? error) });
}

parentPort.on('message', (command) => {
  if (command === 'collect') {
    parentPort.postMessage({
      type: 'deliveries',
      byClient: [...received].map(([n, { keys, times }]) => [n, keys, times]),
    });
  } else if (command === 'close') {
    for (const socket of sockets) socket.close();
    parentPort.close();
  }
});
