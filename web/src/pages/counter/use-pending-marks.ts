import { useCallback, useEffect, useRef, useState } from "react";
import { ApiFailure } from "../../api/client";
import { sendMark } from "../../api/counter";
import type { CounterPass } from "../../contracts";
import { keep, readKept } from "../../storage/kept";
import type { CounterWhere } from "./counter-morning";
import {
  addMark,
  dueMarks,
  markFailed,
  markSettled,
  PENDING_MARKS_KEY,
  type PendingMark,
  parseMarks,
  shouldRetry,
} from "./pending-marks";

/** What the server answered a mark: its message and the pass as it is now, or its refusal's words. */
export type MarkAnswer =
  | { code: string; ok: true; message: string; pass: CounterPass }
  | { code: string; ok: false; message: string; where: CounterWhere };

const readMarks = () => parseMarks(readKept(PENDING_MARKS_KEY));

/**
 * The counter's marks, kept in localStorage before they are sent and until the server answers (pending-marks.ts):
 * retried every second that one is due (its backoff) and at once when the phone comes back online, never lost when
 * the page reloads, never sent under a new `markId`.
 */
export function usePendingMarks(onAnswer: (answer: MarkAnswer) => void) {
  const [marks, setMarks] = useState<PendingMark[]>(readMarks);
  const sending = useRef(new Set<string>());
  const answer = useRef(onAnswer);
  answer.current = onAnswer;

  const update = useCallback((change: (marks: PendingMark[]) => PendingMark[]) => {
    const next = change(readMarks());
    keep(PENDING_MARKS_KEY, JSON.stringify(next));
    setMarks(next);
  }, []);

  const flush = useCallback(
    (force = false) => {
      for (const mark of dueMarks(readMarks(), Date.now(), force)) {
        if (sending.current.has(mark.markId)) continue;
        sending.current.add(mark.markId);
        sendMark(mark.code, mark.kind, mark.markId, mark.where ?? {})
          .then((sent) => {
            update((current) => markSettled(current, mark.markId));
            answer.current({ code: mark.code, ok: true, message: sent.message, pass: sent.pass });
          })
          .catch((failure: unknown) => {
            const status = failure instanceof ApiFailure ? failure.status : 0;
            if (shouldRetry(status)) {
              update((current) => markFailed(current, mark.markId, Date.now()));
              return;
            }
            update((current) => markSettled(current, mark.markId));
            answer.current({
              code: mark.code,
              ok: false,
              message: (failure as Error).message,
              where: mark.where ?? {},
            });
          })
          .finally(() => sending.current.delete(mark.markId));
      }
    },
    [update],
  );

  useEffect(() => {
    const online = () => flush(true);
    window.addEventListener("online", online);
    const timer = window.setInterval(() => flush(), 1000);
    flush(true);
    return () => {
      window.removeEventListener("online", online);
      window.clearInterval(timer);
    };
  }, [flush]);

  const tap = useCallback(
    (code: string, kind: PendingMark["kind"], where: CounterWhere) => {
      const serving = "festivalId" in where ? { where: { festivalId: where.festivalId, day: where.day } } : {};
      update((current) => addMark(current, { markId: crypto.randomUUID(), code, kind, ...serving }, Date.now()));
      flush();
    },
    [flush, update],
  );

  return { marks, tap };
}
