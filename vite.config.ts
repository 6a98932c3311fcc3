/**
 * The PWA build: root pwa/, output dist/ (served by server/static.ts), a manifest for
 * scripts/bundle-report.ts, and vite-plugin-pwa (generateSW, "prompt" updates) precaching the shell and
 * every lazy route chunk so the app opens with no signal. In dev, /api and /health go to the API server
 * started by scripts/dev.ts (DEV_API_URL).
 */
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { deflateSync } from 'node:zlib';

/*
 * The app icons, drawn in code and encoded as PNG at build time (no binary files in the repository, no
 * image library: a PNG is a zlib stream of scanlines with CRC-checked chunks). The design is a sun over
 * the lake on the theme colour; the maskable variant keeps the drawing inside the 80 % safe zone.
 * (Kept in this file: Vite's config loader wants no extension-less local imports.)
 */
const THEME_COLOR = '#0f5f73';
const BACKGROUND_COLOR = '#ffffff';

interface IconSpec {
  file: string;
  size: number;
  /** maskable icons are full-bleed with the drawing shrunk into the safe zone */
  maskable: boolean;
  /** corner radius as a fraction of the size (0 for full-bleed) */
  radius: number;
}

const ICONS: IconSpec[] = [
  { file: 'icons/icon-192.png', size: 192, maskable: false, radius: 0.18 },
  { file: 'icons/icon-512.png', size: 512, maskable: false, radius: 0.18 },
  { file: 'icons/maskable-512.png', size: 512, maskable: true, radius: 0 },
  { file: 'icons/apple-touch-icon.png', size: 180, maskable: true, radius: 0 },
  { file: 'favicon.png', size: 64, maskable: false, radius: 0.18 },
];

type Rgb = [number, number, number];
const hex = (h: string): Rgb => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** Encodes RGBA pixels (row-major, 4 bytes each) as a PNG. */
function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0; // filter: none
    Buffer.from(rgba.buffer, rgba.byteOffset + y * width * 4, width * 4).copy(raw, y * (width * 4 + 1) + 1);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // colour type RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** Draws one icon: coverage of each shape is computed from signed distances, which anti-aliases edges. */
function drawIcon(spec: IconSpec): Buffer {
  const { size } = spec;
  const px = new Uint8Array(size * size * 4);
  const bg = hex(THEME_COLOR);
  const sun = hex('#ffc857');
  const wave = hex('#ffffff');
  const scale = spec.maskable ? 0.72 : 0.9; // drawing area relative to the icon
  const r = spec.radius * size;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const cx = x + 0.5;
      const cy = y + 0.5;
      // rounded-square background (alpha), full-bleed when radius is 0
      const qx = Math.max(Math.abs(cx - size / 2) - (size / 2 - r), 0);
      const qy = Math.max(Math.abs(cy - size / 2) - (size / 2 - r), 0);
      const bgAlpha = r > 0 ? clamp01(r - Math.hypot(qx, qy) + 0.5) : 1;
      // normalised drawing coordinates in [-1, 1]
      const u = (cx - size / 2) / (size / 2) / scale;
      const v = (cy - size / 2) / (size / 2) / scale;
      const aa = 1.5 / (size / 2) / scale; // ~1.5 px soft edge
      let col: Rgb = bg;
      const sunCov = clamp01((0.38 - Math.hypot(u, v + 0.18)) / aa + 0.5) * (v < 0.12 ? 1 : 0);
      col = mix(col, sun, sunCov);
      for (const base of [0.3, 0.58]) {
        const crest = base + 0.06 * Math.sin(u * Math.PI * 2.2);
        const band = 0.09 - Math.abs(v - crest);
        const inside = Math.abs(u) < 0.8 ? 1 : clamp01((0.86 - Math.abs(u)) / 0.06);
        col = mix(col, wave, clamp01(band / aa + 0.5) * inside);
      }
      const i = (y * size + x) * 4;
      px[i] = col[0];
      px[i + 1] = col[1];
      px[i + 2] = col[2];
      px[i + 3] = Math.round(bgAlpha * 255);
    }
  }
  return encodePng(size, size, px);
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [0, 1, 2].map((i) => Math.round(a[i] + (b[i] - a[i]) * t)) as Rgb;
}

/** Emits the generated PNG icons on build and serves them from memory in dev. */
function appIcons(): Plugin {
  const cache = new Map<string, Buffer>();
  const png = (file: string) => {
    let buf = cache.get(file);
    if (!buf) {
      buf = drawIcon(ICONS.find((i) => i.file === file)!);
      cache.set(file, buf);
    }
    return buf;
  };
  return {
    name: 'reunion-app-icons',
    generateBundle() {
      for (const icon of ICONS) this.emitFile({ type: 'asset', fileName: icon.file, source: png(icon.file) });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const file = req.url?.split('?')[0].replace(/^\//, '');
        if (!file || !ICONS.some((i) => i.file === file)) return next();
        res.setHeader('Content-Type', 'image/png');
        res.end(png(file));
      });
    },
  };
}

const apiTarget = process.env.DEV_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: 'pwa',
  publicDir: 'public',
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: 'es2022',
  },
  server: {
    port: 5173,
    strictPort: false,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/health': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget },
      '/health': { target: apiTarget },
    },
  },
  plugins: [
    react(),
    appIcons(),
    VitePWA({
      registerType: 'prompt',
      strategies: 'generateSW',
      injectRegister: false, // registered by pwa/app/update-banner.tsx (virtual:pwa-register/react)
      manifest: {
        name: 'Reunion Desk',
        short_name: 'Reunion',
        description: 'Registration, flights and arrivals for the reunion.',
        theme_color: THEME_COLOR,
        background_color: BACKGROUND_COLOR,
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,png,svg,ico,webmanifest,woff2}'],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/health(\/|$)/],
        // the first install takes control at once, so a greeter's first visit already works offline;
        // later versions still wait for the "Reload" prompt (no skipWaiting).
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
});
