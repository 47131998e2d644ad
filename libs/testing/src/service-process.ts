import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { eventually } from "./eventually.js";

/** A built service's entry point (services/<name>/dist/main.js). */
export const serviceEntry = (service: string) =>
  new URL(`../../../services/${service}/dist/main.js`, import.meta.url).pathname;

/** A free loopback port (the OS picks one; it is released before the service binds it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export interface ServiceProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote so far (its pino log lines and any stderr). */
  output(): string;
  /** Sends the signal and resolves with how the process ended. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves when the process ends on its own. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Runs a built service (`node services/<svc>/dist/main.js`) as its own process on a free port, with the given
 * environment on top of the test's, and waits until it answers /healthz (unless `waitForHealth` is false).
 */
export async function startServiceProcess(options: {
  entry: string;
  env: Record<string, string>;
  waitForHealth?: boolean;
  /** The port to listen on (a free one by default), e.g. when other services must know it beforehand. */
  port?: number;
}): Promise<ServiceProcess> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, [options.entry], {
    env: { ...process.env, LOG_LEVEL: "info", ...options.env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  const service: ServiceProcess = {
    url,
    child,
    output: () => output,
    exited,
    stop: (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  if (options.waitForHealth !== false) {
    let ended = false;
    void exited.then(() => {
      ended = true;
    });
    await eventually(
      async () => {
        if (ended) throw new Error(`${options.entry} exited before answering:\n${output}`);
        return (await fetch(`${url}/healthz`)).ok;
      },
      { what: `${options.entry} to answer /healthz`, timeoutMs: 20_000, intervalMs: 100 },
    );
  }
  return service;
}
