/**
 * Compression on the real HTTP server (server/http-server.ts), as a browser meets it: an answer larger
 * than a TCP connection's first flight is gzipped or brotli-compressed when the client accepts it, and
 * decompresses to the same bytes the app gave; a smaller answer, a client that accepts no encoding and
 * the live stream are sent as they are. And the server answers an HTTP/1.0 request that names no host.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createHttpServer } from '../../server/http-server';
import { COMPRESS_FROM_BYTES } from '../../server/lib/precompressed';
import { createTestApp } from '../helpers/app';
import { makeRegistration } from '../helpers/factories';
import { makeFlight } from '../helpers/staff-fixtures';

// the PWA's files: a script of a few KB, under the API's threshold but compressed all the same
const STATIC_DIR = '.tmp/compression-static';
mkdirSync(`${STATIC_DIR}/assets`, { recursive: true });
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;
writeFileSync(`${STATIC_DIR}/assets/app-test.js`, SCRIPT);

const t = await createTestApp({ STATIC_DIR });
const admin = await t.makeUser('admin');
const REGISTRATIONS = 60;
for (let i = 0; i < REGISTRATIONS; i++) await makeRegistration(t.db);
const server = createHttpServer(t.app.fetch, { hostname: '127.0.0.1' });
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as AddressInfo;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request; `stream`: only the status and headers, then the connection is dropped. */
function get(path: string, headers: Record<string, string>, opts: { stream?: boolean } = {}) {
  return new Promise<Raw>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { authorization: `Bearer ${admin.token}`, ...headers } }, (res) => {
      if (opts.stream) {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.alloc(0) });
        res.destroy();
        return;
      }
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const LIST = '/api/registrations?page=1&limit=100';

describe('compression', () => {
  it('gzips a large answer for a client that accepts gzip, to the same bytes the app gave', async () => {
    const plain = await (await t.app.request(LIST, { headers: { authorization: `Bearer ${admin.token}` } })).text();
    expect(plain.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    const res = await get(LIST, { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.body.length).toBeLessThan(plain.length);
    expect(gunzipSync(res.body).toString('utf8')).toBe(plain);
  });

  it('sends brotli to a browser that accepts it', async () => {
    const res = await get(LIST, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.body).toString('utf8')).registrations).toHaveLength(REGISTRATIONS);
  });

  it('compresses the streamed CSV export', async () => {
    const res = await get('/api/registrations/export', { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.body).toString('utf8').trim().split('\n').length).toBeGreaterThan(REGISTRATIONS);
  });

  it('sends a small answer, or one to a client that accepts no encoding, as it is', async () => {
    const small = await get('/api/health', { 'accept-encoding': 'gzip, br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8')).status).toBe('ok');
    const page = await get('/api/registrations?page=1&limit=5', { 'accept-encoding': 'gzip, br' });
    expect(page.body.length).toBeGreaterThan(1024);
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(page.body.toString('utf8')).registrations).toHaveLength(5);
    const identity = await get(LIST, {});
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(identity.body.toString('utf8')).registrations).toHaveLength(REGISTRATIONS);
  });

  it("compresses the PWA's files from 1 KB", async () => {
    expect(SCRIPT.length).toBeGreaterThan(1024);
    expect(SCRIPT.length).toBeLessThan(COMPRESS_FROM_BYTES);
    const res = await get('/assets/app-test.js', { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.body).toString('utf8')).toBe(SCRIPT);
  });

  it('never compresses the live stream (it would be held back until a buffer fills)', async () => {
    const res = await get('/api/live', { 'accept-encoding': 'gzip, br' }, { stream: true });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/event-stream/);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('sends the cached arrivals board compressed once by the app, not compressed again', async () => {
    const family = await makeRegistration(t.db);
    for (let i = 0; i < 40; i++) await makeFlight(t.db, family.id);
    const board = '/api/flight-info/admin/flight-arrivals?date=2025-11-27';
    const plain = await (await t.app.request(board, { headers: { authorization: `Bearer ${admin.token}` } })).text();
    expect(plain.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    const res = await get(board, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.body).toString('utf8')).toBe(plain);
  });

  it('answers an HTTP/1.0 request that names no host', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      // written, not ended: a half-closed connection may be dropped before its answer
      const socket = connect(port, '127.0.0.1', () => socket.write('GET /api/health HTTP/1.0\r\n\r\n'));
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (c: string) => (text += c));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer.split('\r\n')[0]).toMatch(/^HTTP\/1\.[01] 200 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)).status).toBe('ok');
  });
});
