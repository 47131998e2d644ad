import { describe, expect, it } from "vitest";
import { LOCAL_INFRA, useLocalInfraByDefault } from "./local-infra.js";

describe("useLocalInfraByDefault", () => {
  it("fills each unset or empty server URL with the local one and keeps those already set", () => {
    const env: NodeJS.ProcessEnv = { MONGO_URL: "mongodb://db.example:27017", REDIS_URL: "" };
    useLocalInfraByDefault(env);
    expect(env).toEqual({
      ...LOCAL_INFRA,
      MONGO_URL: "mongodb://db.example:27017",
    });
  });
});
