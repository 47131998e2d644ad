import { execFile } from "node:child_process";
import { readdirSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The cluster manifests, checked as CI checks them: every core resource against the Kubernetes API schemas
 * (kubernetes-validate, strict: an unknown field is an error), and checkov's hardening rules with no finding left
 * unexplained (each accepted one carries its reason in a `checkov.io/skip` annotation). The tools come from
 * scripts/k8s-tools.sh (a pinned virtualenv under .data).
 */
const run = promisify(execFile);
const ROOT = new URL("../../", import.meta.url).pathname;
const KUBERNETES_VERSION = "1.30.0";
/** Kinds of the operators (MongoDB, RabbitMQ, Prometheus): their schemas come with the operators, not Kubernetes. */
const OPERATOR_KINDS = /kind (MongoDBCommunity|RabbitmqCluster|PodMonitor|PrometheusRule) /;

let bin: string;
beforeAll(async () => {
  bin = (await run("bash", [`${ROOT}scripts/k8s-tools.sh`], { timeout: 600_000 })).stdout.trim();
  const out = await mkdtemp(join(tmpdir(), "k8s-rendered-"));
  rendered = join(out, "storefront.yaml");
  const { stdout } = await run(`${bin}/kustomize`, ["build", `${ROOT}k8s`], { maxBuffer: 16 * 1024 * 1024 });
  await writeFile(rendered, stdout);
}, 600_000);

/** The manifests as `kubectl apply -k k8s/` would send them (kustomize renders the services with their component). */
let rendered: string;

/** Every manifest file outside kustomize's own: the services' files are checked as rendered, not as written. */
function manifests(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(`${ROOT}${dir}`, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (dir === "k8s" && entry.name === "services") continue;
        walk(`${dir}/${entry.name}`);
      } else if (entry.name.endsWith(".yaml") && entry.name !== "kustomization.yaml")
        found.push(`${dir}/${entry.name}`);
    }
  };
  walk("k8s");
  return [...found, rendered];
}

describe("k8s/", () => {
  it("validates against the Kubernetes schemas, strictly", async () => {
    const files = manifests();
    expect(files.length).toBeGreaterThan(10);
    const result = await run(`${bin}/kubernetes-validate`, ["--strict", "-k", KUBERNETES_VERSION, ...files], {
      cwd: ROOT,
    }).catch((error: { stdout: string; stderr: string; code: number }) => error);
    const output = `${result.stdout}\n${result.stderr}`;
    const problems = output
      .split("\n")
      .filter((line) => /^(ERROR|INVALID|FAIL)/i.test(line.trim()) || /is not valid|Additional properties/.test(line));
    expect(problems).toEqual([]);
    // Everything but the operators' kinds was checked against a schema.
    const unchecked = output.split("\n").filter((line) => line.includes("Couldn't find schema"));
    expect(unchecked.filter((line) => !OPERATOR_KINDS.test(line))).toEqual([]);
  }, 120_000);

  it("passes checkov's Kubernetes rules, each accepted finding with its reason", async () => {
    const result = await run(
      `${bin}/checkov`,
      ["-f", ...manifests(), "--framework", "kubernetes", "--skip-download", "--output", "json"],
      { cwd: ROOT, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, BC_SKIP_MAPPING: "TRUE" } },
    ).catch((error: { stdout: string }) => error);
    const report = JSON.parse(result.stdout) as {
      summary: { passed: number; failed: number };
      results: {
        failed_checks: { check_id: string; resource: string; file_path: string }[];
        skipped_checks: { check_id: string; resource: string; check_result: { suppress_comment?: string } }[];
      };
    };
    expect(report.results.failed_checks.map((check) => `${check.check_id} ${check.resource}`)).toEqual([]);
    expect(report.summary.passed).toBeGreaterThan(500);
    for (const skipped of report.results.skipped_checks) {
      const reason = skipped.check_result.suppress_comment ?? "";
      expect(reason.length, `${skipped.check_id} on ${skipped.resource}`).toBeGreaterThan(20);
    }
  }, 120_000);
});
