/**
 * What the shop costs while nobody shops: every service running (as bench/shop-processes.ts starts them), on
 * databases loaded with a year of a busy shop's history (scripts/seed-history.ts: 50,000 orders) or empty; after the
 * start-up settles, the CPU time of the database process (the local FerretDB) and of each service over a minute,
 * read from /proc/<pid>/stat (utime + stime, in clock ticks), as percent of one core.
 *
 *   node --import tsx bench/idle.ts [history=50000] [settleSeconds=60] [measureSeconds=60] [scrapeEverySeconds=0]
 * `history=0` starts on empty databases. `scrapeEverySeconds=30` also reads every service's /metrics that often, as
 * the cluster's PodMonitor does (k8s/monitoring/pod-monitor.yaml); by default nothing scrapes, as on a laptop.
 * The database process is shared with anything else using it on this machine (other worktrees' tests): run it when
 * nothing else does, and read it as a ratio between runs of a few minutes apart. docs/performance.md has the figures.
 */
import { cpuMeter, shopProcesses } from "./process-cpu.js";
import { loadHistory, startShop } from "./shop-processes.js";

const HISTORY = Number(process.argv[2] ?? 50_000);
const SETTLE_S = Number(process.argv[3] ?? 60);
const MEASURE_S = Number(process.argv[4] ?? 60);
const SCRAPE_EVERY_S = Number(process.argv[5] ?? 0);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  let seeded = "empty databases";
  const shop = await startShop({
    label: "bench-idle",
    // On a year of history order-payment builds its indexes at start-up: minutes on the local database.
    startUpTimeoutMs: 600_000,
    beforeStart: async (databases) => {
      if (HISTORY <= 0) return;
      seeded = loadHistory(databases, HISTORY);
      console.log(seeded);
    },
  });
  try {
    const watched = shopProcesses(shop.processes);
    console.log(`all services up on ${seeded}; start-up ms per service:`, shop.startUpMs);
    console.log(`letting start-up settle ${SETTLE_S} s...`);
    await sleep(SETTLE_S * 1000);
    let scrapes = 0;
    const scraper =
      SCRAPE_EVERY_S > 0
        ? setInterval(() => {
            scrapes++;
            for (const process of Object.values(shop.processes)) {
              void fetch(`${process.url}/metrics`)
                .then((response) => response.arrayBuffer())
                .catch(() => {});
            }
          }, SCRAPE_EVERY_S * 1000)
        : undefined;
    const meter = cpuMeter(watched);
    const started = performance.now();
    await sleep(MEASURE_S * 1000);
    const rows = meter.read();
    const seconds = (performance.now() - started) / 1000;
    if (scraper) clearInterval(scraper);
    console.log(
      `idle for ${seconds.toFixed(1)} s on ${seeded} (/proc ticks` +
        `${SCRAPE_EVERY_S > 0 ? `, ${scrapes} scrapes of every service's /metrics` : ", no scrapes"}):`,
    );
    console.table(rows);
  } finally {
    await shop.close();
  }
}

await main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
