// Runs one check that is not a vitest suite (the typecheck) and writes its outcome as a vitest JSON report, so
// scripts/test-summary.mjs counts it in "N passed, N failed" and its seconds in the `time:` line like any suite.
//   node scripts/check-report.mjs <report.json> <what it checks> <command> [args...]
// Its output goes to the terminal as it comes; a failure's last lines are repeated in the report.
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";

const [report, what, command, ...args] = process.argv.slice(2);
if (!report || !what || !command) {
  console.error("usage: node scripts/check-report.mjs <report.json> <what it checks> <command> [args...]");
  process.exit(2);
}
const startTime = Date.now();
const output = [];
const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
for (const stream of [child.stdout, child.stderr]) {
  stream.on("data", (chunk) => {
    output.push(chunk);
    process.stdout.write(chunk);
  });
}
const code = await new Promise((resolve) => child.on("close", (exitCode) => resolve(exitCode ?? 1)));
const passed = code === 0;
const lastLines = Buffer.concat(output).toString("utf8").trimEnd().split("\n").slice(-40).join("\n");
writeFileSync(
  report,
  JSON.stringify({
    numPassedTests: passed ? 1 : 0,
    numFailedTests: passed ? 0 : 1,
    numPendingTests: 0,
    numTodoTests: 0,
    numTotalTests: 1,
    startTime,
    testResults: [
      {
        name: what,
        status: passed ? "passed" : "failed",
        startTime,
        endTime: Date.now(),
        assertionResults: [
          {
            status: passed ? "passed" : "failed",
            fullName: `${what}: ${[command, ...args].join(" ")} exits 0`,
            failureMessages: passed ? [] : [`exit code ${code}\n${lastLines}`],
          },
        ],
      },
    ],
  }),
);
process.exit(code);
