import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|css|svg|json|html|map|txt)$/;

/**
 * Writes .br and .gz beside every compressible build file, once at build time, so the
 * server sends compressed assets (@fastify/static `preCompressed`) without spending
 * CPU on each request.
 */
export function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "coderoom-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await fs.readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name) && !e.name.endsWith(".map"))
        .map((e) => path.join(e.parentPath, e.name));
      await Promise.all(
        files.map(async (file) => {
          const body = await fs.readFile(file);
          if (body.length < 1024) return;
          const br = await brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
          await fs.writeFile(`${file}.br`, br);
          await fs.writeFile(`${file}.gz`, await gzip(body, { level: 9 }));
        }),
      );
    },
  };
}
