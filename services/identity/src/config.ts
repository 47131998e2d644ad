import { defaultPorts, jwtEnv, loadConfig, port, redisEnv, serviceEnv } from "@storefront/config";
import { z } from "zod";

/** Every environment variable the identity service reads, with safe local defaults. */
export const identityEnv = {
  ...serviceEnv,
  ...jwtEnv,
  ...redisEnv,
  PORT: port(defaultPorts.identity),
  MONGO_DB: z.string().min(1).default("identity"),
};

export type IdentityConfig = z.infer<z.ZodObject<typeof identityEnv>>;

export const loadIdentityConfig = (env: NodeJS.ProcessEnv = process.env): IdentityConfig =>
  loadConfig(identityEnv, env);
