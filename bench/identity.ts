/**
 * Identity benchmark, in one run:
 *   login    POST /api/auth/login (the admin account: the same argon2id verify as any customer's) straight at the
 *            built identity process, at a few connections: argon2 is CPU-bound by design, so this is the cost of
 *            the chosen hash parameters (printed) on this machine
 *   cascade  the India Post cascade (districts, cities, pincodes, areas) through the built gateway, rate limit
 *            counted in Redis as in production, at 20 connections (goal: p99 under 10 ms), and straight at
 *            identity for comparison
 * and prints requests/s and p50/p99 latency of each.
 *
 *   node --import tsx bench/identity.ts [seconds=10] [loginConnections=4] [cascadeConnections=20]
 * Needs the built services (npx turbo run build) and the local infrastructure (scripts/infra.sh up); uses a
 * throw-away database, vhost and Redis prefix. The load generator shares the machine's cores with the servers.
 */
import { useLocalInfraByDefault } from "@storefront/config";
import { isolatedRun, type ServiceProcess, serviceEntry, startServiceProcess } from "@storefront/testing";
import autocannon from "autocannon";
import { startUncappedGateway } from "./uncapped-gateway.js";

useLocalInfraByDefault();

const SECONDS = Number(process.argv[2] ?? 10);
const LOGIN_CONNECTIONS = Number(process.argv[3] ?? 4);
const CASCADE_CONNECTIONS = Number(process.argv[4] ?? 20);
const ADMIN = { email: "bench-admin@shop.example", password: "bench-admin-password-2026" };
// OWASP's recommended minimum for argon2id, the service's default (services/identity/src/config.ts).
const ARGON2 = { ARGON2_MEMORY_KIB: "19456", ARGON2_TIME_COST: "2" };

const CASCADE_PATHS = [
  "/address/country/IN/state/Maharashtra",
  "/address/country/IN/state/Maharashtra/district/Pune",
  "/address/country/IN/state/Maharashtra/district/Pune/taluk/Haveli",
  "/address/pincode/411023",
  "/address/country/IN/state/Maharashtra/district/Satara",
  "/address/pincode/415001",
];

interface Figures {
  target: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function run(target: string, options: autocannon.Options): Promise<Figures> {
  await autocannon({ ...options, duration: 2 }); // warm-up: JIT, keep-alive pools, the directory in memory
  const result = await autocannon({ ...options, duration: SECONDS });
  return {
    target,
    connections: options.connections ?? 10,
    requestsPerSecond: Math.round(result.requests.average * 10) / 10,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function main(): Promise<void> {
  const isolated = await isolatedRun("bench-identity");
  const processes: ServiceProcess[] = [];
  try {
    const identity = await startServiceProcess({
      entry: serviceEntry("identity"),
      env: {
        ...isolated.env,
        REDIS_PREFIX: `${isolated.redis.prefix}:identity`,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        ...ARGON2,
        LOG_LEVEL: "warn",
      },
    });
    processes.push(identity);
    const gateway = await startUncappedGateway(isolated.redis, { IDENTITY_URL: identity.url });
    processes.push(gateway);

    console.log(
      `argon2id m=${ARGON2.ARGON2_MEMORY_KIB} KiB, t=${ARGON2.ARGON2_TIME_COST}, p=1; ${SECONDS} s per target\n`,
    );
    const results = [
      await run("login (identity, argon2id verify)", {
        url: `${identity.url}/api/auth/login`,
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...ADMIN, userType: "ADMIN" }),
        connections: LOGIN_CONNECTIONS,
      }),
      await run("cascade (gateway -> identity)", {
        url: gateway.url,
        requests: CASCADE_PATHS.map((path) => ({ method: "GET", path })),
        connections: CASCADE_CONNECTIONS,
      }),
      await run("cascade (identity direct)", {
        url: identity.url,
        requests: CASCADE_PATHS.map((path) => ({ method: "GET", path })),
        connections: CASCADE_CONNECTIONS,
      }),
    ];
    console.table(results);
    const cascade = results[1] as Figures;
    console.log(`cascade p99 ${cascade.p99} ms at c${CASCADE_CONNECTIONS} (goal: under 10 ms)`);
  } finally {
    await Promise.all(processes.map((process) => process.stop()));
    await isolated.cleanup();
  }
}

await main();
