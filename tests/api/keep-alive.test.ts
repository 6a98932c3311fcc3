/**
 * Early answers on a real listening server: the 413 for a body over 1 MB, a 401 before the body is
 * read, a 400 for a bad body. A client that keeps its connection alive must get a working answer to its
 * next request (the server either reads the rest of the body or says `Connection: close`), never a
 * connection closed under it.
 */
import { request, Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpServer } from '../../server/http-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';

const t = await createTestApp();
const server = createHttpServer(t.app.fetch);
server.listen(0, '127.0.0.1');
await new Promise<void>((resolve) => server.once('listening', () => resolve()));
const port = (server.address() as AddressInfo).port;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function send(agent: Agent, method: string, path: string, body?: string | Buffer, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; text: string; connection: string | undefined }>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method, path, agent, headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, connection: res.headers.connection }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('keep-alive connections after an early answer', () => {
  const cases: [string, string, string, string | Buffer][] = [
    ['413 body over 1 MB', 'POST', '/api/auth/login', Buffer.alloc(2 * 1024 * 1024, 'x')],
    ['413 body over 1 MB, signed out, on a staff route', 'POST', '/api/users', Buffer.alloc(1_500_000, 'y')],
    ['401 before the body is read', 'POST', '/api/users', JSON.stringify({ email: 'a@test.example', note: 'z'.repeat(200_000) })],
    ['400 malformed JSON', 'POST', '/api/auth/login', '{"email":'],
  ];
  for (const [name, method, path, body] of cases) {
    it(`the next request on the same agent works after a ${name}`, async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const first = await send(agent, method, path, body);
        expect(first.status).toBe(Number(name.slice(0, 3)));
        const next = await send(agent, 'GET', '/api/health');
        expect(next.status).toBe(200);
        const again = await send(agent, 'GET', '/api/health');
        expect(again.status).toBe(200);
      } finally {
        agent.destroy();
      }
    });
  }
});
