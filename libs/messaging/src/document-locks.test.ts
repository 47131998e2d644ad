import { describe, expect, it } from "vitest";
import { DocumentLocks } from "./document-locks.js";

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("DocumentLocks", () => {
  it("runs the work on one document one at a time, in order, and other documents alongside", async () => {
    const locks = new DocumentLocks();
    const log: string[] = [];
    const step = (name: string) => async () => {
      log.push(`${name} start`);
      await tick();
      log.push(`${name} end`);
    };
    await Promise.all([locks.run("a", step("a1")), locks.run("a", step("a2")), locks.run("b", step("b1"))]);
    expect(log.indexOf("a1 end")).toBeLessThan(log.indexOf("a2 start"));
    expect(log.indexOf("b1 start")).toBeLessThan(log.indexOf("a1 end"));
  });

  it("goes on after a failed piece of work, which its caller sees", async () => {
    const locks = new DocumentLocks();
    await expect(locks.run("a", () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(locks.run("a", async () => "next")).resolves.toBe("next");
  });
});
