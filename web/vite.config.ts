import { API_OWNERS } from "@storefront/contracts";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compiledCatalogs } from "./vite-catalogs.ts";
import { shopIcons } from "./vite-icons.ts";
import { precompress } from "./vite-precompress.ts";
import { startUpChunks } from "./vite-preload-start.ts";
import { startupPatches } from "./vite-startup-patches.ts";

/** The gateway: in development the SPA's calls go to it exactly as they will in production (same paths). */
const gateway = "http://127.0.0.1:8080";

/**
 * Vendor code in a few long-lived chunks so a release that only changes the shop's code does not bust the browser's
 * cache of React or Chakra (the gateway serves `/assets/*` as immutable), and pages loaded later (policies, coming
 * soon screens) stay out of the home page's download.
 */
const vendorChunks = [
  { name: "react", test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie)[\\/]/ },
  {
    name: "chakra",
    test: /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|@floating-ui|@internationalized|@pandacss|stylis|hoist-non-react-statics)[\\/]/,
  },
  {
    name: "forms",
    // Not in the first load: the forms and API clients that need it load with their pages (src/contracts.ts runs
    // zod-jitless before the contracts' schemas are built). The first page takes `@storefront/contracts/plain`.
    test: /node_modules[\\/](react-hook-form|@hookform|zod|@standard-schema)[\\/]|src[\\/]zod-jitless\.ts$/,
  },
];

export default defineConfig(({ isSsrBuild }) => ({
  // The server build's files are read by the gateway, never sent: no compressed twins for it.
  plugins: [
    react(),
    startupPatches(),
    compiledCatalogs(),
    ...(isSsrBuild ? [] : [precompress(), shopIcons(), startUpChunks()]),
  ],
  server: {
    // Every public API path's first segment (/api, /address), from the one table of owners in the contracts.
    proxy: Object.fromEntries(
      [...new Set(API_OWNERS.map(({ prefix }) => `/${prefix.split("/")[1]}`))].map((p) => [p, gateway]),
    ),
  },
  // The server build (entry-server.tsx, run by the gateway to render the public pages) carries every dependency
  // inside it, so the gateway needs none of React's or Chakra's packages of its own.
  ssr: { noExternal: true },
  build: isSsrBuild
    ? {
        outDir: "dist-ssr",
        emptyOutDir: true,
        copyPublicDir: false,
        rolldownOptions: { input: "src/entry-server.tsx" },
      }
    : {
        outDir: "dist",
        assetsDir: "assets",
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: vendorChunks.map((chunk, index) => ({ ...chunk, priority: vendorChunks.length - index })),
            },
          },
        },
      },
}));
