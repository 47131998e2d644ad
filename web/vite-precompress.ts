import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin, ResolvedConfig } from "vite";

/** Text assets worth compressing; images here are SVG (text) too. */
const COMPRESSIBLE = /\.(js|css|svg|json|txt|map)$/;
/** Below this the headers cost more than the saving. */
const MIN_BYTES = 1024;

/**
 * Writes `.br` and `.gz` twins next to each hashed text asset in `dist/assets`, which the gateway sends to browsers
 * that accept them (services/gateway/src/http/precompressed.ts), so nothing is compressed per request.
 * Maximum levels: it runs once per build.
 */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: "storefront:precompress",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(_options, bundle) {
      const outDir = join(config.root, config.build.outDir);
      const writes: Promise<void>[] = [];
      for (const [fileName, output] of Object.entries(bundle)) {
        if (!fileName.startsWith(`${config.build.assetsDir}/`) || !COMPRESSIBLE.test(fileName)) continue;
        const source = Buffer.from(output.type === "chunk" ? output.code : output.source);
        if (source.length < MIN_BYTES) continue;
        const brotli = brotliCompressSync(source, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
        });
        const gzip = gzipSync(source, { level: 9 });
        const path = join(outDir, fileName);
        if (brotli.length < source.length) writes.push(writeFile(`${path}.br`, brotli));
        if (gzip.length < source.length) writes.push(writeFile(`${path}.gz`, gzip));
      }
      await Promise.all(writes);
    },
  };
}
