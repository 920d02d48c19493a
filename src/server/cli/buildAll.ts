/**
 * Builds the client (Vite, then brotli/gzip copies for precompressed serving) and bundles the
 * server (esbuild), and records the version, a fresh build id and the build options in
 * dist/build-info.json. The machine inspector is compiled in only when `inspector` is on, so an
 * installation without it ships none of its code.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';
import { BUILD_INFO_FILE, type BuildOptions } from '../buildInfo.js';

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map|wasm)$/;
const MIN_BYTES = 1024;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

function precompress(dir: string): number {
  let count = 0;
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
    const content = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    count += 1;
  }
  return count;
}

/** Builds everything into dist/. */
export async function buildAll(root: string, options: BuildOptions): Promise<void> {
  const dist = join(root, 'dist');
  rmSync(dist, { recursive: true, force: true });
  await viteBuild({
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'warn',
    define: { __KOSH_INSPECTOR__: JSON.stringify(options.inspector) },
  });
  const compressed = precompress(join(dist, 'client'));
  await esbuild({
    entryPoints: [join(root, 'src/server/main.ts')],
    outfile: join(dist, 'server', 'main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  const id = `${new Date()
    .toISOString()
    .replace(/[-:.TZ]/g, '')
    .slice(0, 14)}-${randomBytes(3).toString('hex')}`;
  writeFileSync(join(root, BUILD_INFO_FILE), JSON.stringify({ version: pkg.version, id, options }, null, 2));
  process.stdout.write(
    `Built ${pkg.version} (${id}, inspector ${options.inspector ? 'on' : 'off'}); ${compressed} client files precompressed\n`,
  );
}
