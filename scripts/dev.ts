/**
 * `npm run dev`: hot reload on both sides. The API runs under `tsx watch server/main.ts` (restarts on a
 * server change) on PORT (default 3000); Vite's dev server (HMR for the PWA) proxies /api and /health to
 * it. Open the Vite URL. Ctrl-C stops both. Mail links point at the Vite URL unless PUBLIC_URL is set.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createServer } from 'vite';

const root = path.resolve(new URL('..', import.meta.url).pathname);
const apiPort = Number(process.env.PORT ?? 3000);
const apiHost = process.env.HOST ?? '127.0.0.1';
const apiUrl = `http://${apiHost === '0.0.0.0' ? '127.0.0.1' : apiHost}:${apiPort}`;
const vitePort = Number(process.env.VITE_PORT ?? 5173);

// read by vite.config.ts for the proxy target
process.env.DEV_API_URL = apiUrl;

async function main() {
  const vite = await createServer({ configFile: path.join(root, 'vite.config.ts'), server: { port: vitePort } });
  await vite.listen();
  const pwaUrl = vite.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? `http://localhost:${vitePort}`;

  const api = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), ['watch', '--clear-screen=false', 'server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: String(apiPort), HOST: apiHost, PUBLIC_URL: process.env.PUBLIC_URL ?? pwaUrl },
  });

  console.log('\nreunion-desk dev');
  console.log(`  PWA (open this, hot reload):  ${pwaUrl}`);
  console.log(`  API (tsx watch):              ${apiUrl}   (/api and /health are proxied from the PWA URL)\n`);

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    if (api.exitCode === null) api.kill('SIGTERM');
    await vite.close();
    process.exit(code);
  };
  api.on('exit', (code) => {
    if (!stopping) {
      console.error(`The API process exited (code ${code}); stopping the dev server.`);
      void stop(code ?? 1);
    }
  });
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
