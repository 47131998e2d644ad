// Must come first: it configures zod before any schema of the contracts is built.
import "./zod-jitless";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router-dom";
import { Providers } from "./app/providers";
import { router } from "./app/router";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <Providers>
      {/* Navigations render at once rather than as interruptible transitions: what a link leads to is on screen
          by the time the address bar changes. A lazy page shows the layout's spinner while its chunk loads. */}
      <RouterProvider router={router} useTransitions={false} />
    </Providers>
  </StrictMode>,
);
