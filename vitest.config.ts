import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const integrationSetup = ["./libs/testing/src/global-setup.ts"];

/**
 * One run, three kinds of suites:
 *   unit         `*.test.ts` beside the code, and `tests/properties`, no servers
 *   integration  `test/*.int.test.ts` and `tests/system` (built services as processes), against the real FerretDB/MongoDB, RabbitMQ and Redis (one vhost, database and
 *                key prefix per test, so files run in parallel)
 *   disruptive   `*.disruptive.int.test.ts`: stop and start the broker itself, so scripts/test.sh runs them on a broker
 *                and Redis of their own (the drill servers), beside the others
 *   faults       `tests/faults`: the fault suite (SMTP down and back, Redis restarted empty...), on the drill servers too
 *   e2e          `web/e2e/*.e2e.test.ts`: Debian's Chromium (playwright-core) clicking through the whole shop, and
 *                `tests/security`: the attack suite, against the same running shop (one shop per vitest process)
 */
/**
 * `--shard=i/n` in parts that take about as long (CI runs the e2e project in parts at once, each against its own shop:
 * docs/testing.md, "Where the time goes"). Vitest's own split is by a hash of the path, blind to time: it can give one
 * part every long journey. Here each file weighs the seconds it took in a measured run (`.ci/e2e-seconds.json`; a
 * file not in it, a new one, weighs the middle value), and the files go, heaviest first, to the part lightest so far.
 * Every file lands in exactly one part whatever the table says.
 */
class TimedParts extends BaseSequencer {
  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { index, count } = this.ctx.config.shard ?? { index: 1, count: 1 };
    const measured: Record<string, number> = JSON.parse(
      readFileSync(new URL("./.ci/e2e-seconds.json", import.meta.url), "utf8"),
    );
    const known = Object.values(measured).sort((a, b) => a - b);
    const middle = known[Math.floor(known.length / 2)] ?? 1;
    const weighed = files
      .map((file) => ({ file, path: relative(this.ctx.config.root, file.moduleId) }))
      .map((entry) => ({ ...entry, seconds: measured[entry.path] ?? middle }))
      .sort((a, b) => b.seconds - a.seconds || a.path.localeCompare(b.path));
    const parts = Array.from({ length: count }, () => ({ seconds: 0, files: [] as TestSpecification[] }));
    for (const { file, seconds } of weighed) {
      const lightest = parts.reduce((light, part) => (part.seconds < light.seconds ? part : light));
      lightest.files.push(file);
      lightest.seconds += seconds;
    }
    return parts[index - 1]?.files ?? [];
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: TimedParts },
    projects: [
      {
        test: {
          name: "unit",
          // tests/properties: properties of rules that span services (refunds and their credit notes), no servers.
          include: [
            "libs/*/src/**/*.test.ts",
            "services/*/src/**/*.test.ts",
            "web/src/**/*.test.{ts,tsx}",
            "tests/properties/**/*.test.ts",
          ],
        },
      },
      {
        test: {
          name: "integration",
          include: [
            "libs/*/test/**/*.int.test.ts",
            "services/*/test/**/*.int.test.ts",
            "tests/system/**/*.int.test.ts",
          ],
          exclude: ["**/*.disruptive.int.test.ts", "**/node_modules/**"],
          globalSetup: integrationSetup,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "disruptive",
          include: [
            "libs/*/test/**/*.disruptive.int.test.ts",
            "services/*/test/**/*.disruptive.int.test.ts",
            "tests/system/**/*.disruptive.int.test.ts",
          ],
          globalSetup: integrationSetup,
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // The fault suite (tests/faults): stops mail servers and empties Redis under running services, so
          // scripts/test.sh runs it on the drill servers, after the disruptive suites (docs/testing.md).
          name: "faults",
          include: ["tests/faults/**/*.test.ts"],
          globalSetup: integrationSetup,
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e",
          // The attack suite (tests/security) runs against the same running shop as the browser journeys.
          include: ["web/e2e/**/*.e2e.test.ts", "tests/security/**/*.test.ts"],
          // The integration setup resolves the servers; the shop's setup then starts every service and the gateway.
          globalSetup: [...integrationSetup, "./web/e2e/global-setup.ts"],
          // One file at a time in a process: its files share one shop and its settings. CI runs two such processes
          // at once, each with a shop of its own (`--shard`, TimedParts above; scripts/test.sh).
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 90_000,
          // What a page shows after a tap (a refetch through the gateway) can take seconds while the other part's
          // browser uses the cores: vitest's 1 s default for expect.poll failed a journey whose database had already
          // changed (the festival day's resized window, CI at 23:48 India time). A poll still fails on a page that
          // never updates, ten seconds later.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
