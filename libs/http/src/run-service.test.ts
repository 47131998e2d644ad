import { describe, expect, it } from "vitest";
import { closeDependencies } from "./run-service.js";

function recording(name: string, closed: string[], fails = false) {
  return {
    name,
    check: async () => {},
    close: async () => {
      closed.push(name);
      if (fails) throw new Error(`${name} would not close`);
    },
  };
}

describe("closeDependencies", () => {
  it("closes the last opened first, so the bus stops before the database its relay reads", async () => {
    const closed: string[] = [];
    await closeDependencies([recording("mongo", closed), recording("redis", closed), recording("rabbitmq", closed)]);
    expect(closed).toEqual(["rabbitmq", "redis", "mongo"]);
  });

  it("still closes the others when one fails, then reports the failure", async () => {
    const closed: string[] = [];
    const closing = closeDependencies([recording("mongo", closed), recording("rabbitmq", closed, true)]);
    await expect(closing).rejects.toThrow("some dependencies did not close cleanly");
    expect(closed).toEqual(["rabbitmq", "mongo"]);
  });
});
