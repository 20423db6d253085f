import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** What is worth compressing (source maps are fetched only by developer tools, so left alone). */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|wasm)$/;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every
 * compressible file of the build, once, at build time; the server (server/kernel/platform/http/static.ts)
 * sends whichever the browser's Accept-Encoding allows. A copy that would not be smaller is not
 * written. Node's zlib does both, so no dependency.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'openex:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await listFiles(outDir);
      await Promise.all(
        files
          .filter((file) => COMPRESSIBLE.test(file))
          .map(async (file) => {
            const bytes = await readFile(file);
            if (bytes.length < 256) return;
            const [br, gzipped] = await Promise.all([
              brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
              gz(bytes, { level: 9 }),
            ]);
            if (br.length < bytes.length) await writeFile(`${file}.br`, br);
            if (gzipped.length < bytes.length) await writeFile(`${file}.gz`, gzipped);
          }),
      );
    },
  };
}

async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const name of await readdir(dir)) {
    const path = join(dir, name);
    if ((await stat(path)).isDirectory()) out.push(...(await listFiles(path)));
    else out.push(path);
  }
  return out;
}
