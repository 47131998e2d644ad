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
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { loadHistory, startShop } from "./shop-processes.js";

const HISTORY = Number(process.argv[2] ?? 50_000);
const SETTLE_S = Number(process.argv[3] ?? 60);
const MEASURE_S = Number(process.argv[4] ?? 60);
const SCRAPE_EVERY_S = Number(process.argv[5] ?? 0);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim());

/** The pid of the process listening on the database's port (the local FerretDB). */
function databasePid(): number {
  const port = new URL(process.env.MONGO_URL ?? "mongodb://127.0.0.1:27017").port || "27017";
  const listening = execFileSync("ss", ["-ltnpH", `sport = :${port}`]).toString();
  const pid = /pid=(\d+)/.exec(listening)?.[1];
  if (!pid) throw new Error(`no process found listening on :${port} (ss -ltnp needs to see its owner)`);
  return Number(pid);
}

/** utime + stime of a process so far, in clock ticks (/proc/<pid>/stat fields 14 and 15). */
function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // fields[0] is field 3 (state): utime is field 14, stime field 15.
  return Number(fields[11]) + Number(fields[12]);
}

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
    const watched = [
      { name: "database (FerretDB)", pid: databasePid() },
      ...Object.entries(shop.processes).map(([name, process]) => ({ name, pid: process.child.pid! })),
    ];
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
    const before = watched.map((process) => cpuTicks(process.pid));
    const started = performance.now();
    await sleep(MEASURE_S * 1000);
    const after = watched.map((process) => cpuTicks(process.pid));
    const seconds = (performance.now() - started) / 1000;
    if (scraper) clearInterval(scraper);
    const rows = watched.map((process, i) => {
      const ticks = after[i]! - before[i]!;
      return {
        process: process.name,
        pid: process.pid,
        "cpu ticks": ticks,
        "% of one core": Math.round((ticks / CLOCK_TICKS / seconds) * 100 * 10) / 10,
      };
    });
    const services = rows.slice(1).reduce((sum, row) => sum + row["cpu ticks"], 0);
    rows.push({
      process: "all services",
      pid: 0,
      "cpu ticks": services,
      "% of one core": Math.round((services / CLOCK_TICKS / seconds) * 100 * 10) / 10,
    });
    console.log(
      `idle for ${seconds.toFixed(1)} s on ${seeded} (${CLOCK_TICKS} ticks/s` +
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
