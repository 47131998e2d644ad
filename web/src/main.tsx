import { PAGE_STATE_ELEMENT_ID } from "./app/page-state";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
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
