// Builds the service in the current folder: each file of src/ (tests left out) transpiled into dist/ by esbuild,
// file for file, as tsc laid it out. A service is a leaf: no workspace imports its types, and its `typecheck` task
// (tsc over src and test) checks it whole, so its build need not check the same files a second time nor write
// declarations nobody reads. That check was most of CI's build time (docs/testing.md, "Where the time goes").
// The libraries and the two sandboxes, whose declarations other workspaces (or their own tests, importing them by
// package name) read, keep building with tsc.
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";

const sources = readdirSync("src", { recursive: true, encoding: "utf8" })
  .filter((path) => path.endsWith(".ts") && !path.endsWith(".test.ts") && !path.endsWith(".d.ts"))
  .map((path) => join("src", path));

rmSync("dist", { recursive: true, force: true });
await build({
  entryPoints: sources,
  outdir: "dist",
  outbase: "src",
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  logLevel: "warning",
});
