import { z } from "zod";

/** Thrown at start-up when the environment is wrong; its message names every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Variables whose value an error message never repeats. */
const SECRET_NAME = /SECRET|KEY|TOKEN|PASSWORD/;

/** The marker of every development value in the repository (defaults, samples): public, so never a production one. */
const DEV_ONLY = /dev-only/i;

/**
 * In production, any variable whose value is a development one (a default, or a sample copied from a file) is
 * refused by name, its value never shown: a forgotten secret stops the service at start-up instead of signing tokens
 * with a key anyone can read in the repository (docs/security.md).
 */
function devOnlyValuesInProduction(input: Record<string, string | undefined>, env: NodeJS.ProcessEnv): string[] {
  if ((input.NODE_ENV ?? env.NODE_ENV ?? process.env.NODE_ENV) !== "production") return [];
  return Object.entries(input)
    .filter(([, value]) => value !== undefined && DEV_ONLY.test(value))
    .map(([name]) => `${name}: a development value ("dev-only…") is refused in production`);
}

/**
 * Parses environment variables with a zod object whose keys are the variable names.
 * Empty strings count as unset, so `FOO=` falls back to the default instead of failing a format check.
 */
export function loadConfig<TShape extends z.ZodRawShape>(
  shape: TShape,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<z.ZodObject<TShape>> {
  const input: Record<string, string | undefined> = {};
  for (const key of Object.keys(shape)) {
    const value = env[key];
    input[key] = value === "" ? undefined : value;
  }
  const result = z.object(shape).safeParse(input);
  const devOnly = devOnlyValuesInProduction(input, env);
  if (result.success && devOnly.length === 0) return result.data;
  const named = new Set(devOnly.map((problem) => problem.slice(0, problem.indexOf(":"))));
  const issues = result.success ? [] : result.error.issues.filter((issue) => !named.has(issue.path.join(".")));
  throw new ConfigError([
    ...devOnly,
    ...issues.map((issue) => {
      const name = issue.path.join(".");
      const shown =
        input[name] === undefined ? "unset" : SECRET_NAME.test(name) ? "set, not shown" : JSON.stringify(input[name]);
      return `${name} (${shown}): ${issue.message}`;
    }),
  ]);
}
