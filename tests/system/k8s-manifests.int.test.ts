import { execFile } from "node:child_process";
import { readdirSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { type K8sObject, renderK8s } from "./fixtures/k8s-render.js";

/**
 * The cluster manifests, checked as CI checks them: every core resource against the Kubernetes API schemas
 * (kubernetes-validate, strict: an unknown field is an error), and checkov's hardening rules with no finding left
 * unexplained (each accepted one carries its reason in a `checkov.io/skip` annotation); and, since every service is
 * the shared base filled in from its own values, that each came out whole: its Service, autoscaler, disruption budget
 * and network policy, on its own pods and port. The tools come from scripts/k8s-tools.sh (a pinned virtualenv under
 * .data).
 */
const run = promisify(execFile);
const ROOT = new URL("../../", import.meta.url).pathname;
const KUBERNETES_VERSION = "1.30.0";
/** Kinds of the operators (MongoDB, RabbitMQ, Prometheus): their schemas come with the operators, not Kubernetes. */
const OPERATOR_KINDS = /kind (MongoDBCommunity|RabbitmqCluster|PodMonitor|PrometheusRule) /;

let bin: string;
let objects: K8sObject[];
beforeAll(async () => {
  const render = await renderK8s();
  bin = render.bin;
  objects = render.objects;
  const out = await mkdtemp(join(tmpdir(), "k8s-rendered-"));
  rendered = join(out, "storefront.yaml");
  await writeFile(rendered, render.text);
}, 600_000);

/** The manifests as `kubectl apply -k k8s/` would send them (kustomize renders the services from the base). */
let rendered: string;

/** Every manifest file outside kustomize's own: the services (k8s/services) are checked as rendered, not as written. */
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

  it("gives every service its Service, disruption budget, network policy and autoscaler, on its own pods and port", () => {
    const named = (kind: string, name: string) =>
      objects.filter((object) => object.kind === kind && object.metadata.name === name);
    const one = (kind: string, name: string): K8sObject => {
      const found = named(kind, name);
      expect(found.length, `${kind} ${name}`).toBe(1);
      return found[0] as K8sObject;
    };
    const deployments = objects.filter(
      (object) => object.kind === "Deployment" && object.metadata.labels?.["app.kubernetes.io/component"] === "service",
    );
    // One Deployment per service directory (base/, uses/ and hardening/ are the shared parts).
    const directories = readdirSync(`${ROOT}k8s/services`, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !["base", "uses", "hardening"].includes(entry.name))
      .map((entry) => entry.name);
    expect(deployments.map((deployment) => deployment.metadata.name).sort()).toEqual(directories.sort());

    for (const deployment of deployments) {
      const name = deployment.metadata.name;
      const spec = deployment.spec as DeploymentSpec;
      const pods = { "app.kubernetes.io/name": name };
      expect(spec.selector.matchLabels, name).toEqual(pods);
      expect(spec.template.metadata.labels, name).toMatchObject(pods);
      expect(spec.template.spec.topologySpreadConstraints[0]?.labelSelector.matchLabels, name).toEqual(pods);
      const [container, ...others] = spec.template.spec.containers;
      expect(others, name).toEqual([]);
      expect(container?.name, name).toBe(name);
      expect(container?.image, name).toMatch(new RegExp(`/storefront/${name}:`));
      const port = container?.ports.find((each) => each.name === "http")?.containerPort;
      expect(port, name).toBeGreaterThan(1);
      expect(container?.env.find((variable) => variable.name === "PORT")?.value, name).toBe(String(port));
      // uses/mongodb's stand-ins filled in: the database named, the operator's Secret for this service's own user.
      const mongo = container?.env.filter((variable) => variable.name.startsWith("MONGO_")) ?? [];
      if (mongo.length > 0) {
        expect(mongo.find((variable) => variable.name === "MONGO_DB")?.value, name).not.toBe("database");
        expect(mongo.find((variable) => variable.name === "MONGO_URL")?.valueFrom?.secretKeyRef.name, name).toBe(
          `storefront-mongo-admin-${name}`,
        );
      }

      const service = one("Service", name);
      const serviceSpec = service.spec as { selector: object; ports: { port: number; targetPort: string }[] };
      expect(serviceSpec.selector, name).toEqual(pods);
      expect(serviceSpec.ports, name).toMatchObject([{ port, targetPort: "http" }]);

      const budget = one("PodDisruptionBudget", name);
      expect((budget.spec as { selector: { matchLabels: object } }).selector.matchLabels, name).toEqual(pods);

      // A fixed count (`replicas`) and an autoscaler would fight: exactly one of the two.
      const autoscalers = named("HorizontalPodAutoscaler", name);
      if (spec.replicas === undefined) {
        expect(
          autoscalers.map((each) => (each.spec as { scaleTargetRef: object }).scaleTargetRef),
          name,
        ).toEqual([{ apiVersion: "apps/v1", kind: "Deployment", name }]);
      } else expect(autoscalers, name).toEqual([]);

      const policy = one("NetworkPolicy", `${name}-ingress`);
      const policySpec = policy.spec as {
        podSelector: { matchLabels: object };
        ingress: { from?: unknown[]; ports: { port: number }[] }[];
      };
      expect(policySpec.podSelector.matchLabels, name).toEqual(pods);
      for (const rule of policySpec.ingress) {
        // An empty `from` admits every pod and namespace: a service's callers must be named.
        expect(rule.from?.length ?? 0, `${name}: a rule of its NetworkPolicy names no source`).toBeGreaterThan(0);
        expect(
          rule.ports.map((each) => each.port),
          name,
        ).toEqual([port]);
      }
    }
    // The base's stand-ins never reach the cluster, nor do the services' values (local-config ConfigMaps).
    expect(objects.filter((object) => object.metadata.name.startsWith("service"))).toEqual([]);
    expect(
      objects.filter((object) => object.kind === "ConfigMap" && directories.includes(object.metadata.name)),
    ).toEqual([]);
  });
});

interface DeploymentSpec {
  replicas?: number;
  selector: { matchLabels: object };
  template: {
    metadata: { labels: object };
    spec: {
      topologySpreadConstraints: { labelSelector: { matchLabels: object } }[];
      containers: {
        name: string;
        image: string;
        ports: { name: string; containerPort: number }[];
        env: { name: string; value?: string; valueFrom?: { secretKeyRef: { name: string } } }[];
      }[];
    };
  };
}
