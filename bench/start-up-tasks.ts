/**
 * What a page's main thread does from navigation until React has it: every task longer than a threshold, when it
 * ran against the first contentful paint, and what filled it (parsing, style and layout, a module's evaluation, a
 * timer's callback...), recorded by Chromium's own trace on the shop's network with the CPU unthrottled, as
 * Lighthouse records its run before simulating a phone.
 *
 *   bash scripts/start.sh --detach && node --import tsx bench/start-up-tasks.ts [url=http://127.0.0.1:8080/home]
 *     [runs=3] [threshold ms=6]
 *
 * Why it helps: Lighthouse's total blocking time multiplies each task after the first paint by its CPU slowdown (7-8x
 * on this machine, bench/lighthouse.ts) and counts what exceeds 50 ms, so a task of more than about 6.5 ms here
 * blocks a phone. Besides the first parse, the first layout and the first paint, Lighthouse's simulation does not
 * tie a task before the first paint to it: such a task can land after its simulated paint and count too. Read the
 * figures as ratios within one run of this script: the machine is shared and absolute times move.
 */
import { CONTROLS_LIVE_MARK } from "@storefront/contracts";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH, PHONE } from "./chromium.js";

const URL_TO_TRACE = process.argv[2] ?? "http://127.0.0.1:8080/home";
const RUNS = Number(process.argv[3] ?? 3);
const THRESHOLD_MS = Number(process.argv[4] ?? 6);
const CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "blink.user_timing"];
/** The events worth naming inside a task: Chromium's own phases, and JavaScript by its entry point. */
const PHASES = new Set([
  "ParseHTML",
  "UpdateLayoutTree",
  "Layout",
  "Paint",
  "Layerize",
  "Commit",
  "v8.evaluateModule",
  "v8.callFunction",
  "FunctionCall",
  "TimerFire",
  "RunMicrotasks",
  "EventDispatch",
  "FireAnimationFrame",
  "DocumentLoader::CommitNavigation",
  "MinorGC",
  "MajorGC",
]);

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { documentLoaderURL?: string; isLoadingMainFrame?: boolean; type?: string } };
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  for (let run = 1, attempt = 1; run <= RUNS; attempt++) {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(URL_TO_TRACE, { waitUntil: "commit" });
    await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, CONTROLS_LIVE_MARK, {
      timeout: 30_000,
    });
    await page.waitForTimeout(500);
    const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
    await context.close();
    // Now and then Chromium's trace lacks the page's navigation start (as Lighthouse's NO_NAVSTART): run it again.
    if (report(run, events)) run++;
    else if (attempt >= 3 * RUNS) throw new Error("Chromium's traces kept missing the page's navigation start");
    else console.log(`run ${run}: the trace has no navigation start, running it again`);
  }
} finally {
  await browser.close();
}

/** Prints one run's tasks; false when the trace has no navigation of the page to time them from. */
function report(run: number, events: TraceEvent[]): boolean {
  const navigation = events.find(
    (event) =>
      event.name === "navigationStart" &&
      event.args?.data?.isLoadingMainFrame &&
      event.args.data.documentLoaderURL?.startsWith("http"),
  );
  if (!navigation) return false;
  const onMainThread = events.filter(
    (event) => event.pid === navigation.pid && event.tid === navigation.tid && event.ph === "X",
  );
  const at = (event: TraceEvent) => (event.ts - navigation.ts) / 1000;
  const mark = (name: string) => events.find((event) => event.pid === navigation.pid && event.name === name);
  const paint = mark("firstContentfulPaint");
  const live = mark(CONTROLS_LIVE_MARK);
  console.log(
    `run ${run}: first contentful paint ${paint ? Math.round(at(paint)) : "?"} ms, ` +
      `controls live ${live ? Math.round(at(live)) : "?"} ms (tasks over ${THRESHOLD_MS} ms below)`,
  );
  const tasks = onMainThread.filter((event) => event.name === "RunTask" && (event.dur ?? 0) / 1000 >= THRESHOLD_MS);
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const parts = new Map<string, number>();
    for (const event of onMainThread) {
      if (event === task || event.ts < task.ts || event.ts + (event.dur ?? 0) > end || !PHASES.has(event.name))
        continue;
      const name = event.name === "EventDispatch" ? `${event.name}(${event.args?.data?.type})` : event.name;
      parts.set(name, (parts.get(name) ?? 0) + (event.dur ?? 0) / 1000);
    }
    const inside = [...parts]
      .filter(([, ms]) => ms >= 0.5)
      .sort((a, b) => b[1] - a[1])
      .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
      .join(", ");
    const when = paint && task.ts < paint.ts ? "before paint" : "after paint ";
    console.log(
      `  ${String(Math.round(at(task))).padStart(5)} ms  ${when}  ${((task.dur ?? 0) / 1000).toFixed(1).padStart(5)} ms  ${inside || "(not traced: Chromium's own work)"}`,
    );
  }
  return true;
}
