import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { renderK8s } from "./fixtures/k8s-render.js";

/**
 * The deploy files and the services' zod configs name the same variables. A name set in docker-compose.yml or a k8s
 * manifest that no config reads is a setting that silently does nothing (it happened: CORS_ORIGIN was set, the
 * gateway reads CORS_ORIGINS, so deployments allowed the localhost development origins); and compose's environment
 * must satisfy each config as production parses it, where development defaults are refused.
 */
const ROOT = new URL("../../", import.meta.url);
const SERVICES = ["gateway", "identity", "catalogue", "order-payment", "billing", "notification", "ops"] as const;
type Service = (typeof SERVICES)[number];

/** Variables the manifests set only to build another one (`$(AMQP_PASSWORD)` inside AMQP_URL), and Node's own. */
const HELPERS = new Set(["AMQP_USERNAME", "AMQP_PASSWORD", "REDIS_PASSWORD", "NODE_OPTIONS"]);

interface ServiceConfig {
  names: Set<string>;
  load(env: Record<string, string | undefined>): unknown;
}

async function configOf(service: Service): Promise<ServiceConfig> {
  const path = new URL(`services/${service}/dist/config.js`, ROOT).href;
  const module: Record<string, unknown> = await import(path);
  const shape = Object.entries(module).find(([name, value]) => name.endsWith("Env") && typeof value === "object");
  const load = Object.entries(module).find(([name, value]) => name.startsWith("load") && typeof value === "function");
  if (!shape || !load) throw new Error(`services/${service}/dist/config.js exports no <name>Env and load<Name>Config`);
  return {
    names: new Set(Object.keys(shape[1] as object)),
    load: load[1] as (env: Record<string, string | undefined>) => unknown,
  };
}

const read = (path: string) => readFileSync(new URL(path, ROOT), "utf8");

/** Each compose service's environment, anchors and merge keys resolved, as strings. */
function composeEnvironments(): Record<Service, Record<string, string>> {
  const compose = parse(read("docker-compose.yml"), { merge: true }) as {
    services: Record<string, { environment?: Record<string, string | number> }>;
  };
  return Object.fromEntries(
    SERVICES.map((service) => [
      service,
      Object.fromEntries(
        Object.entries(compose.services[service]?.environment ?? {}).map(([name, value]) => [
          name,
          // `${VAR:-}` from the shell: unset here, as an empty value counts as unset in the configs. `${VAR:?}`
          // comes from .env (scripts/compose-env.sh): a random value like the one it writes.
          String(value)
            .replace(/^\$\{[A-Z0-9_]+:-([^}]*)\}$/, "$1")
            .replace(/^\$\{([A-Z0-9_]+):\?[^}]*\}$/, (_all, name: string) => `from-dot-env-${name}-${"x".repeat(16)}`),
        ]),
      ),
    ]),
  ) as Record<Service, Record<string, string>>;
}

/** The names each k8s Deployment sets in `env` (as rendered by kustomize), and the keys of the shared ConfigMap. */
async function k8sNames(): Promise<{ perService: Record<Service, string[]>; configMap: string[] }> {
  const { objects } = await renderK8s();
  const perService = {} as Record<Service, string[]>;
  for (const object of objects) {
    if (object.kind !== "Deployment" || object.metadata.labels?.["app.kubernetes.io/component"] !== "service") continue;
    const spec = object.spec as { template: { spec: { containers: Array<{ env?: Array<{ name: string }> }> } } };
    perService[object.metadata.name as Service] = spec.template.spec.containers.flatMap((container) =>
      (container.env ?? []).map((variable) => variable.name),
    );
  }
  const configMap = parse(read("k8s/config/storefront-config.yaml")) as { data: Record<string, string> };
  return { perService, configMap: Object.keys(configMap.data) };
}

describe("deploy files and the services' configs", () => {
  it("set no variable in docker-compose.yml that the service does not read", async () => {
    const environments = composeEnvironments();
    for (const service of SERVICES) {
      const { names } = await configOf(service);
      const unread = Object.keys(environments[service]).filter((name) => !names.has(name) && !HELPERS.has(name));
      expect(unread, `docker-compose.yml sets for ${service}`).toEqual([]);
    }
  });

  it("give each service in docker-compose.yml an environment that its config accepts in production", async () => {
    const environments = composeEnvironments();
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      for (const service of SERVICES) {
        const { load } = await configOf(service);
        expect(() => load(environments[service]), `${service} in docker-compose.yml`).not.toThrow();
      }
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
  });

  it("set no variable in the k8s manifests that no config reads", async () => {
    const { perService, configMap } = await k8sNames();
    expect(Object.keys(perService).sort()).toEqual([...SERVICES].sort());
    const everyName = new Set<string>();
    for (const service of SERVICES) {
      const { names } = await configOf(service);
      for (const name of names) everyName.add(name);
      const unread = perService[service].filter((name) => !names.has(name) && !HELPERS.has(name));
      expect(unread, `k8s/services/${service} sets`).toEqual([]);
    }
    expect(
      configMap.filter((name) => !everyName.has(name)),
      "k8s/config/storefront-config.yaml sets",
    ).toEqual([]);
  });

  it("take every secret of docker-compose.yml from .env and publish its ports on loopback unless told otherwise", () => {
    const compose = read("docker-compose.yml");
    expect(compose).not.toMatch(/:\s*dev-only|:-dev-only/);
    for (const name of ["JWT_SECRET", "EVENT_SEAL_KEY", "METRICS_TOKEN", "ADMIN_PASSWORD", "CASHFREE_SECRET_KEY"]) {
      expect(compose, name).toMatch(new RegExp(`\\$\\{${name}:\\?`));
    }
    const published = [...compose.matchAll(/^\s+- "([^"]*:\d+:\d+)"$/gm)].map((match) => match[1]);
    expect(published.length).toBeGreaterThanOrEqual(4);
    for (const port of published) expect(port).toMatch(/^(127\.0\.0\.1|\$\{BIND_ADDRESS:-127\.0\.0\.1\}):/);
    expect(read("scripts/compose-env.sh")).toContain("randomBytes(32)");
  });

  it("refuse any development value of any variable in production, naming it without showing it", async () => {
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      const { load: identity } = await configOf("identity");
      const real = {
        JWT_SECRET: "a-real-secret-of-a-decent-length",
        EVENT_SEAL_KEY: "a-real-seal-key-of-decent-length",
        ADMIN_EMAIL: "owner@shop.example",
        ADMIN_PASSWORD: "a-real-admin-password",
        METRICS_TOKEN: "a-real-metrics-token-0123",
        PUBLIC_URL: "https://shop.example",
      };
      expect(() => identity(real)).not.toThrow();
      for (const [name, value] of [
        ["JWT_SECRET", "dev-only-jwt-secret-change-me"],
        ["JWT_SECRET", "dev-only-compose-jwt-secret-change-me"],
        ["EVENT_SEAL_KEY", "DEV-ONLY-seal-key-copied-from-a-sample"],
        ["ADMIN_PASSWORD", "dev-only-admin-password-change-me"],
        ["METRICS_TOKEN", "dev-only-compose-metrics-token"],
      ]) {
        let message = "";
        try {
          identity({ ...real, [name as string]: value });
        } catch (error) {
          message = (error as Error).message;
        }
        expect(message, name).toMatch(new RegExp(`${name}: a development value .* is refused in production`));
        expect(message).not.toContain(value);
      }
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
  });

  it("refuse a production start without the values that have only development defaults", async () => {
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      const base = {
        JWT_SECRET: "a-real-secret-of-a-decent-length",
        EVENT_SEAL_KEY: "a-real-seal-key-of-decent-length",
      };
      const { load: identity } = await configOf("identity");
      for (const name of ["ADMIN_EMAIL", "ADMIN_PASSWORD", "PUBLIC_URL"]) {
        expect(() => identity(base)).toThrow(new RegExp(`${name} \\(unset\\): must be set in production`));
      }
      const { load: gateway } = await configOf("gateway");
      expect(() => gateway({})).toThrow(/CORS_ORIGINS/);
      const { load: catalogue } = await configOf("catalogue");
      expect(() => catalogue({ JWT_SECRET: base.JWT_SECRET })).toThrow(/SEED_PRODUCTS/);
      expect(() => catalogue({})).toThrow(/JWT_SECRET/);
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
  });
});
