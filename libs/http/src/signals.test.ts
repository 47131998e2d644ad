import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

// A real process is the only honest way to see exit codes; it runs this library's source through tsx.
// `.mts` because the temp dir has no package.json saying "type": "module" and the script uses top-level await.
const here = dirname(fileURLToPath(import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "http-signals-"));
const children = new Set<ReturnType<typeof spawn>>();
afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

function script(onShutdown: string): string {
  const file = join(dir, `svc-${Math.random().toString(36).slice(2)}.mts`);
  writeFileSync(
    file,
    `import { buildApp, createLogger, startServer } from ${JSON.stringify(join(here, "index.ts"))};
const logger = createLogger({ service: "svc", level: "silent" });
const app = buildApp({ service: "svc", logger, routes: (r) => {
  r.get("/slow", async (_req, res) => { console.log("entered"); await new Promise((f) => setTimeout(f, 300)); res.json({ ok: true }); });
} });
const { url } = await startServer(app, { port: 0, host: "127.0.0.1", logger, shutdownGraceMs: 2000, onShutdown: ${onShutdown} });
console.log(url);`,
  );
  return file;
}

/** Starts the service, requests /slow, sends SIGTERM while it runs; resolves with the response and exit code. */
async function terminateDuringRequest(onShutdown: string) {
  const child = spawn(process.execPath, ["--import", "tsx", script(onShutdown)], { cwd: here });
  children.add(child);
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = once(child, "exit").then(([code]) => code as number | null);
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const nextLine = async () => {
    const line = await lines.next();
    if (line.done) throw new Error(`service exited early: ${stderr}`);
    return line.value;
  };
  const url = await nextLine();
  const response = fetch(`${url}/slow`);
  await nextLine();
  child.kill("SIGTERM");
  return { response: await response, code: await exited };
}

describe("signal handling", { timeout: 20_000 }, () => {
  it("finishes the in-flight request and exits 0 on SIGTERM", async () => {
    const { response, code } = await terminateDuringRequest("async () => {}");
    expect(response.status).toBe(200);
    expect(code).toBe(0);
  });

  it("exits 1 when onShutdown fails", async () => {
    const { response, code } = await terminateDuringRequest('async () => { throw new Error("amqp"); }');
    expect(response.status).toBe(200);
    expect(code).toBe(1);
  });
});
