/**
 * "Network down" that every engine can be put through: the browser talks to the server through this
 * loopback TCP proxy, and `down()` closes it (new connections are refused, open ones cut), which is what
 * a dead airport signal or a captive portal looks like to the app. WebKitWebDriver has no offline
 * switch, so all three engines use this one.
 */
import { createConnection, createServer, type Socket } from 'node:net';
import { freePort } from '../../e2e/helpers/server-process';

export interface Proxy {
  /** the origin the browser uses, e.g. http://127.0.0.1:41234 */
  origin: string;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startProxy(target: string): Promise<Proxy> {
  const { hostname, port: targetPort } = new URL(target);
  const port = await freePort();
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = createConnection({ host: hostname, port: Number(targetPort) });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = () => new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve()));
  const down = async () => {
    if (!server.listening) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const s of sockets) s.destroy();
    await closed;
  };
  await listen();
  return { origin: `http://127.0.0.1:${port}`, down, up: () => (server.listening ? Promise.resolve() : listen()), close: down };
}
