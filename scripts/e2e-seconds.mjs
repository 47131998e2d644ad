// The seconds each test file took in vitest JSON reports, as .ci/e2e-seconds.json keeps them: vitest.config.ts
// weighs the e2e files by them to split the e2e project into parts that take about as long. Refresh the table when
// the parts drift apart (each part's time is in the CI log):
//   node scripts/e2e-seconds.mjs .data/test-results/e2e-*.json > .ci/e2e-seconds.json
import { readFileSync } from "node:fs";
import { relative } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const seconds = {};
for (const file of process.argv.slice(2)) {
  for (const suite of JSON.parse(readFileSync(file, "utf8")).testResults) {
    seconds[relative(root, suite.name)] = Math.max(1, Math.round((suite.endTime - suite.startTime) / 1000));
  }
}
const sorted = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => a.localeCompare(b)));
console.log(JSON.stringify(sorted, null, 2));
