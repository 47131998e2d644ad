/**
 * Catalogue read benchmark: GET /api/v1/products at 50 concurrent connections (autocannon), in one run, against
 *   gateway    the built gateway process (security headers, Redis rate limit, pooled proxy) -> catalogue process
 *   catalogue  the built catalogue process directly (express, cached JSON, ETag)
 *   bare       a node:http server in a process of its own returning the same bytes: the ceiling on this machine
 * and prints requests/s, p50/p99 latency, and the ratios to bare and gateway to catalogue.
 *
 *   node --import tsx bench/catalogue.ts [seconds=10] [connections=50]
 * Needs the built services (npx turbo run build) and the local infrastructure (scripts/infra.sh up); uses a
 * throw-away database, vhost and Redis prefix. The load generator shares the machine's cores with the servers.
 */

import { spawn } from "node:child_process";
import { once } from "node:events";
import { useLocalInfraByDefault } from "@storefront/config";
import { freePort, isolatedRun, type ServiceProcess, serviceEntry, startServiceProcess } from "@storefront/testing";
import autocannon from "autocannon";
import { startUncappedGateway } from "./uncapped-gateway.js";

useLocalInfraByDefault();

const SECONDS = Number(process.argv[2] ?? 10);
const CONNECTIONS = Number(process.argv[3] ?? 50);
const PATH = "/api/v1/products";

interface Figures {
  target: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Answers without the gateway's Content-Security-Policy (the bare server and the catalogue send none). */
  withoutCsp: number;
}

/** The same answer as the catalogue's, from the plainest server Node has, in its own process like the others. */
async function bareServer(body: string): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const source = `
    const body = Buffer.from(process.env.BODY);
    require("node:http").createServer((req, res) => {
      res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": body.length });
      res.end(body);
    }).listen(${port}, "127.0.0.1", () => console.log("listening"));`;
  const child = spawn(process.execPath, ["-e", source], { env: { BODY: body }, stdio: ["ignore", "pipe", "inherit"] });
  await once(child.stdout, "data");
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

async function load(target: string, url: string): Promise<Figures> {
  // A short warm-up first: JIT, keep-alive pools and the catalogue's cache.
  await autocannon({ url: url + PATH, connections: CONNECTIONS, duration: 2 });
  let withoutCsp = 0;
  const result = await autocannon({
    url: url + PATH,
    connections: CONNECTIONS,
    duration: SECONDS,
    // Every answer's headers are looked at: the edge must not buy its speed by dropping the security headers.
    requests: [
      {
        method: "GET",
        path: PATH,
        onResponse: (_status, _body, _context, headers) => {
          if (!headers?.["content-security-policy"]) withoutCsp++;
        },
      },
    ],
  });
  return {
    target,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    withoutCsp,
  };
}

async function main(): Promise<void> {
  const isolated = await isolatedRun("bench-catalogue");
  const processes: ServiceProcess[] = [];
  let bare: { url: string; stop(): void } | undefined;
  try {
    const catalogue = await startServiceProcess({
      entry: serviceEntry("catalogue"),
      env: { ...isolated.env, LOG_LEVEL: "warn" },
    });
    processes.push(catalogue);
    const gateway = await startUncappedGateway(isolated.redis, { CATALOGUE_URL: catalogue.url });
    processes.push(gateway);
    const body = await (await fetch(catalogue.url + PATH)).text();
    bare = await bareServer(body);

    console.log(`GET ${PATH} (${body.length} bytes), ${CONNECTIONS} connections, ${SECONDS} s each\n`);
    const results: Figures[] = [];
    for (const [target, url] of [
      ["gateway", gateway.url],
      ["catalogue", catalogue.url],
      ["bare node:http", bare.url],
    ] as const) {
      results.push(await load(target, url));
    }
    console.table(results);
    const [viaGateway, direct, ceiling] = results as [Figures, Figures, Figures];
    const ratio = (a: number, b: number) => (a / b).toFixed(2);
    console.log(
      [
        `throughput  gateway/bare ${ratio(viaGateway.requestsPerSecond, ceiling.requestsPerSecond)}`,
        `catalogue/bare ${ratio(direct.requestsPerSecond, ceiling.requestsPerSecond)}`,
        `gateway/catalogue ${ratio(viaGateway.requestsPerSecond, direct.requestsPerSecond)}`,
      ].join("   "),
    );
    console.log(
      [
        `p99         gateway/bare ${ratio(viaGateway.p99, ceiling.p99)}`,
        `catalogue/bare ${ratio(direct.p99, ceiling.p99)}`,
        `gateway/catalogue ${ratio(viaGateway.p99, direct.p99)}`,
      ].join("   "),
    );
  } finally {
    bare?.stop();
    await Promise.all(processes.map((process) => process.stop()));
    await isolated.cleanup();
  }
}

await main();
