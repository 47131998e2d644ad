/**
 * The counter's marks that have not reached the server yet (docs/counter.md, The counter's screen). The counter's
 * connection is shaky: a tap on "Collected" (or "Cash received") is kept here with its `markId` before it is sent,
 * and stays until the server answers. It is retried with backoff and when the phone comes back online, always with
 * the same `markId`, so the server answers a retry as the first (never a second mark) and a lost answer loses nothing.
 * Pure list operations here; the screen keeps the list in localStorage (`PENDING_MARKS_KEY`).
 */
export interface PendingMark {
  markId: string;
  code: string;
  kind: "collected" | "cash";
  /** The festival morning the screen served when tapped: a retry names the same (counter-morning.ts). */
  where?: { festivalId: string; day: string };
  /** When the tap was made (ms). */
  madeAt: number;
  /** Tries so far. */
  tries: number;
  /** Not to be tried again before this (ms). */
  nextTryAt: number;
}

export const PENDING_MARKS_KEY = "counterPendingMarks";

/** First retry after 2 s, doubling to at most 30 s: the morning's queue should not wait long for a phone back online. */
export const RETRY_FIRST_MS = 2_000;
export const RETRY_MAX_MS = 30_000;

export const retryDelay = (tries: number) => Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, tries - 1));

/** A new tap, added once: a second tap on the same pass and kind while one waits is the one waiting. */
export function addMark(
  marks: readonly PendingMark[],
  mark: Pick<PendingMark, "markId" | "code" | "kind" | "where">,
  now: number,
): PendingMark[] {
  if (marks.some((held) => held.code === mark.code && held.kind === mark.kind)) return [...marks];
  return [...marks, { ...mark, madeAt: now, tries: 0, nextTryAt: now }];
}

/** The marks due for a try now (all of them when the phone just came back online: `force`). */
export const dueMarks = (marks: readonly PendingMark[], now: number, force = false) =>
  marks.filter((mark) => force || mark.nextTryAt <= now);

/** A try that did not reach the server (or got no answer): tried again later, with the same `markId`. */
export const markFailed = (marks: readonly PendingMark[], markId: string, now: number): PendingMark[] =>
  marks.map((mark) =>
    mark.markId === markId ? { ...mark, tries: mark.tries + 1, nextTryAt: now + retryDelay(mark.tries + 1) } : mark,
  );

/** The server answered (done, or refused with a reason the screen shows): no longer pending. */
export const markSettled = (marks: readonly PendingMark[], markId: string): PendingMark[] =>
  marks.filter((mark) => mark.markId !== markId);

/** Reads the kept list; anything unreadable is an empty list (a mark is never invented). */
export function parseMarks(kept: string | null): PendingMark[] {
  if (!kept) return [];
  try {
    const value: unknown = JSON.parse(kept);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (mark): mark is PendingMark =>
        typeof mark === "object" &&
        mark !== null &&
        typeof mark.markId === "string" &&
        typeof mark.code === "string" &&
        (mark.kind === "collected" || mark.kind === "cash") &&
        typeof mark.tries === "number" &&
        typeof mark.nextTryAt === "number" &&
        (mark.where === undefined ||
          (typeof mark.where === "object" &&
            mark.where !== null &&
            typeof mark.where.festivalId === "string" &&
            typeof mark.where.day === "string")),
    );
  } catch {
    return [];
  }
}

/**
 * Whether a failed send is worth retrying: no answer at all (status 0: offline, dropped), a gateway or server
 * failure, or 429. A 4xx answer is the server's word (already collected, not paid) and settles the mark.
 */
export const shouldRetry = (status: number) => status === 0 || status === 429 || status >= 500;
