import { nextTask } from "./app/next-task";
import { PAGE_STATE_ELEMENT_ID } from "./app/page-state";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

/**
 * The code runs in steps, each chunk evaluated in a task of its own (React, then Chakra with the theme, then the
 * app): on a phone each is tens of milliseconds, and one task of all three would leave a tap unanswered that long.
 * They are fetched one after another, a round trip or two more than at once; measured with Lighthouse's mobile preset
 * that is still the better start, for a server-rendered home and for the client-rendered cart alike.
 */
const start = async () => {
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
