/**
 * What the browser downloads: every JavaScript and CSS chunk of the built SPA (web/dist) with its gzip and brotli
 * size, and the first load: what index.html names and what that imports, which the browser fetches and runs before
 * the home page answers a tap (a server-rendered page is painted before any of it runs).
 *
 *   npx turbo run build --filter=@storefront/web && node --import tsx bench/web-size.ts
 * Goal (issue: speed a shopper feels): no chunk over 200 kB gzip.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const DIST = new URL("../web/dist/", import.meta.url).pathname;
const kB = (bytes: number) => Math.round(bytes / 102.4) / 10;

const index = await readFile(join(DIST, "index.html"), "utf8");
const named = [...index.matchAll(/(?:src|href)="\/assets\/([^"]+\.(?:js|css))"/g)].map((match) => match[1] as string);
const entry = /<script type="module"[^>]*src="\/assets\/([^"]+)"/.exec(index)?.[1];

/**
 * The first load: what index.html names, and everything those import; the entry's own dynamic import too, because
 * it starts the app with one (after the first paint of a server-rendered page, at once on the SPA shell).
 */
const firstLoad = new Set<string>();
const pending = [...named];
while (pending.length > 0) {
  const name = pending.pop() as string;
  if (firstLoad.has(name)) continue;
  firstLoad.add(name);
  if (!name.endsWith(".js")) continue;
  const code = await readFile(join(DIST, "assets", name), "utf8");
  const statics = [...code.matchAll(/(?:from|import)\s*["'`]\.\/([^"'`]+\.js)["'`]/g)].map(
    (match) => match[1] as string,
  );
  const dynamics =
    name === entry ? [...code.matchAll(/import\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g)].map((m) => m[1] as string) : [];
  pending.push(...statics, ...dynamics);
}
const files = (await readdir(join(DIST, "assets"))).filter((name) => /\.(js|css)$/.test(name));
const rows = await Promise.all(
  files.map(async (name) => {
    const bytes = await readFile(join(DIST, "assets", name));
    return {
      chunk: name,
      "first load": firstLoad.has(name) ? "yes" : "",
      "raw kB": kB(bytes.length),
      "gzip kB": kB(gzipSync(bytes, { level: 9 }).length),
      "brotli kB": kB(brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length),
    };
  }),
);
rows.sort((a, b) => b["gzip kB"] - a["gzip kB"]);
console.table(rows);
const first = rows.filter((row) => row["first load"]);
const sum = (key: "raw kB" | "gzip kB" | "brotli kB") =>
  Math.round(first.reduce((total, row) => total + row[key], 0) * 10) / 10;
console.log(
  `first load: ${first.length} files, ${sum("raw kB")} kB raw, ${sum("gzip kB")} kB gzip, ${sum("brotli kB")} kB brotli`,
);
const largest = rows[0];
console.log(`largest chunk: ${largest?.chunk} at ${largest?.["gzip kB"]} kB gzip (goal: none over 200 kB)`);
