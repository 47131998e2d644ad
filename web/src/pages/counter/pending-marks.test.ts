import { describe, expect, it } from "vitest";
import {
  addMark,
  dueMarks,
  markFailed,
  markSettled,
  type PendingMark,
  parseMarks,
  RETRY_MAX_MS,
  retryDelay,
  shouldRetry,
} from "./pending-marks";

const tap = { markId: "11111111-1111-4111-8111-111111111111", code: "ACDEFG", kind: "collected" as const };

describe("the counter's pending marks", () => {
  it("keeps a tap once, with its markId, due at once", () => {
    const marks = addMark(addMark([], tap, 1000), { ...tap, markId: "another" }, 1500);
    expect(marks).toEqual([{ ...tap, madeAt: 1000, tries: 0, nextTryAt: 1000 }]);
    expect(dueMarks(marks, 1000)).toHaveLength(1);
  });

  it("retries a failed send later with the same markId, backing off to at most 30 s", () => {
    let marks: PendingMark[] = addMark([], tap, 0);
    marks = markFailed(marks, tap.markId, 0);
    expect(marks[0]).toMatchObject({ markId: tap.markId, tries: 1, nextTryAt: 2000 });
    expect(dueMarks(marks, 1999)).toEqual([]);
    expect(dueMarks(marks, 2000)).toHaveLength(1);
    marks = markFailed(marks, tap.markId, 2000);
    expect(marks[0]?.nextTryAt).toBe(6000);
    expect(retryDelay(10)).toBe(RETRY_MAX_MS);
  });

  it("tries everything at once when the phone comes back online", () => {
    const marks = markFailed(addMark([], tap, 0), tap.markId, 0);
    expect(dueMarks(marks, 1, true)).toHaveLength(1);
  });

  it("forgets a mark only once the server answered", () => {
    const marks = addMark(addMark([], tap, 0), { ...tap, markId: "m2", code: "HJKMNP" }, 0);
    expect(markSettled(marks, tap.markId).map((mark) => mark.code)).toEqual(["HJKMNP"]);
  });

  it("reads the kept list, dropping what is not a mark", () => {
    const kept = JSON.stringify([{ ...tap, madeAt: 0, tries: 2, nextTryAt: 5 }, { markId: 3 }, "x"]);
    expect(parseMarks(kept)).toHaveLength(1);
    expect(parseMarks("{not json")).toEqual([]);
    expect(parseMarks(null)).toEqual([]);
  });

  it("keeps the morning a mark was tapped for, and drops a mark whose morning is not one", () => {
    const where = { festivalId: "ganeshotsav-2026", day: "2026-09-14" };
    const kept = JSON.stringify([
      { ...tap, where, madeAt: 0, tries: 0, nextTryAt: 0 },
      { ...tap, markId: "m2", where: { festivalId: 7 }, madeAt: 0, tries: 0, nextTryAt: 0 },
      { ...tap, markId: "m3", where: null, madeAt: 0, tries: 0, nextTryAt: 0 },
    ]);
    expect(parseMarks(kept)).toEqual([{ ...tap, where, madeAt: 0, tries: 0, nextTryAt: 0 }]);
  });

  it("retries no answer, 429 and server failures; a 409 is the server's word", () => {
    expect([0, 429, 502, 503].map(shouldRetry)).toEqual([true, true, true, true]);
    expect([400, 404, 409].map(shouldRetry)).toEqual([false, false, false]);
  });
});
