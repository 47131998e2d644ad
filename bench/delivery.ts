/**
 * The pincode check (docs/delivery.md): GET /api/v1/delivery/pincode/{pincode} from the built order-payment process,
 * at 50 concurrent connections (autocannon), over a rotation of pincodes (local, courier, unknown). It answers from
 * memory (the pincode table and the zones' copy, answers kept for the minute), so the figure to watch is p99 <= 20 ms,
 * beside the same process's /healthz in the same run (the floor under any answer on this machine).
 *
 *   node --import tsx bench/delivery.ts [seconds=10] [connections=50]
 * Needs the built services (npx turbo run build) and the local infrastructure (scripts/infra.sh up); uses a
 * throw-away database, vhost and Redis prefix. The load generator shares the machine's cores with the server.
 */
import { useLocalInfraByDefault } from "@storefront/config";
import { isolatedRun, serviceEntry, startServiceProcess } from "@storefront/testing";
import autocannon from "autocannon";

useLocalInfraByDefault();

const SECONDS = Number(process.argv[2] ?? 10);
const CONNECTIONS = Number(process.argv[3] ?? 50);
const PINCODES = ["412803", "412805", "415002", "411005", "400001", "110001", "560001", "999999"];

const isolated = await isolatedRun("bench-delivery");
const orderPayment = await startServiceProcess({
  entry: serviceEntry("order-payment"),
  env: {
    ...isolated.env,
    // Not called by the pincode check.
    CATALOGUE_URL: "http://127.0.0.1:9",
    LOG_LEVEL: "warn",
  },
});
try {
  let next = 0;
  const run = (duration: number) =>
    autocannon({
      url: orderPayment.url,
      connections: CONNECTIONS,
      duration,
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            path: `/api/v1/delivery/pincode/${PINCODES[next++ % PINCODES.length]}`,
          }),
        },
      ],
    });
  await run(2); // warm-up: JIT and keep-alive
  const result = await run(SECONDS);
  // The same process's plainest route, in the same run: the floor this machine and express put under any answer.
  const floor = await autocannon({ url: `${orderPayment.url}/healthz`, connections: CONNECTIONS, duration: SECONDS });
  console.log(`pincode check, ${CONNECTIONS} connections, ${SECONDS} s, pincodes ${PINCODES.join(" ")}`);
  const figures = (figures: autocannon.Result) => ({
    "requests/s": Math.round(figures.requests.average),
    "p50 ms": figures.latency.p50,
    "p99 ms": figures.latency.p99,
    "2xx": figures["2xx"],
    "non-2xx": figures.non2xx,
    errors: figures.errors,
  });
  console.table({ "pincode check": figures(result), "/healthz (floor)": figures(floor) });
  console.log(`p99 ratio to the floor: ${(result.latency.p99 / floor.latency.p99).toFixed(2)}`);
  if (result.latency.p99 > 20) process.exitCode = 1;
} finally {
  await orderPayment.stop();
  await isolated.cleanup();
}
