import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const compressible = /\.(js|css|html|svg|json|txt|map)$/;

/**
 * Writes `<file>.br` and `<file>.gz` next to every text asset of the build, once, at the highest
 * levels (no CPU spent per request): the API serves them as such to browsers that accept them
 * (@fastify/static `preCompressed`). Files under 1 kB, or that do not shrink, are left alone.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'atende-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' });
      await Promise.all(
        files
          .filter((file) => compressible.test(file))
          .map(async (file) => {
            const full = path.join(outDir, file);
            const source = fs.readFileSync(full);
            if (source.length < 1024) return;
            const [br, gz] = await Promise.all([
              brotli(source, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
                },
              }),
              gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
            ]);
            if (br.length < source.length) fs.writeFileSync(`${full}.br`, br);
            if (gz.length < source.length) fs.writeFileSync(`${full}.gz`, gz);
          }),
      );
    },
  };
}
