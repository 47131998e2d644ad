import { z } from "zod";

/** Thrown at start-up when the environment is wrong; its message names every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
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
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => {
      const name = issue.path.join(".");
      const shown = input[name] === undefined ? "unset" : JSON.stringify(input[name]);
      return `${name} (${shown}): ${issue.message}`;
    }),
  );
}
