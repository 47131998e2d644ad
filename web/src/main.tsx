import { nextTask } from "./app/next-task";
import { PAGE_STATE_ELEMENT_ID } from "./app/page-state";
import { preloadStartUpChunks } from "./app/start-up-chunks";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

/**
 * The code runs in steps, each chunk evaluated in a task of its own (React, then Chakra with the theme, then the
 * app): on a phone each is tens of milliseconds, and one task of all three would leave a tap unanswered that long.
 * Every chunk of the three is asked for at once as the start begins (preloadStartUpChunks), so the steps wait for
 * no round trip of their own (docs/first-load.md).
 */
const start = async () => {
  preloadStartUpChunks(document);
  await import("react-dom/client");
  await nextTask();
  await import("./app/theme");
  await nextTask();
  const { boot } = await import("./boot");
  await boot(root);
};

// A page the gateway rendered is already whole: the browser paints it first, and only then fetches and runs React,
// Chakra and the app (a phone's CPU would otherwise run them before its first paint). The SPA shell has nothing to
// paint, so it starts at once.
if (document.getElementById(PAGE_STATE_ELEMENT_ID)) requestAnimationFrame(() => setTimeout(start, 0));
else void start();
