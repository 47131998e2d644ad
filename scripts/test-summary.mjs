// Sums vitest JSON reports into the one line CI reads: "N passed, N failed" (", N skipped" when any).
// A test file that failed to load counts as one failed test, so a broken import can never look green.
import { readFileSync } from "node:fs";
import { basename } from "node:path";

const files = process.argv.slice(2).filter((f) => !f.includes("*"));
let passed = 0;
let failed = 0;
let skipped = 0;
/** Where the time went: each report's seconds from its start to its last file's end (docs/testing.md). */
const seconds = [];
if (files.length === 0) failed = 1; // no report at all: the runner crashed
for (const file of files) {
  let report;
  try {
    report = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    failed++;
    console.error(`unreadable test report: ${file}`);
    continue;
  }
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
  for (const suite of report.testResults) {
    const failedAssertions = suite.assertionResults.filter((a) => a.status === "failed");
    // Named again here, just above the sum, so a CI log cut to its tail still says which test failed and why.
    for (const assertion of failedAssertions) {
      const why = (assertion.failureMessages ?? []).join("\n").split("\n").slice(0, 6).join("\n  ");
      console.log(`FAILED ${suite.name} > ${assertion.fullName}\n  ${why}`);
    }
    if (suite.status === "failed" && failedAssertions.length === 0) {
      failed++;
      console.error(`test file failed outside its tests: ${suite.name}\n${suite.message ?? ""}`);
    }
  }
  const ends = report.testResults.map((suite) => suite.endTime).filter(Number.isFinite);
  if (ends.length > 0) {
    const name = basename(file, ".json");
    seconds.push(`${name} ${Math.round((Math.max(...ends) - report.startTime) / 1000)} s`);
  }
  if (report.numTotalTests === 0) {
    failed++;
    console.error(`no test ran in ${file}`);
  }
}
if (seconds.length > 0) console.log(`time: ${seconds.join(", ")}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);
