import type { Plugin } from "vite";
import { START_UP_CHUNKS_ELEMENT_ID } from "./src/app/start-up-chunks.ts";

/**
 * Lists, in a JSON data block of index.html, every chunk `src/main.tsx` loads to wake the page up (its dynamic
 * imports, React, the theme and the app, with what they import statically), for `preloadStartUpChunks` to ask for
 * them all at once after the first paint (src/app/start-up-chunks.ts, docs/first-load.md).
 */
export function startUpChunks(): Plugin {
  return {
    name: "storefront:start-up-chunks",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, { bundle, chunk }) {
        if (!bundle || !chunk) return;
        const files = new Set<string>();
        const add = (fileName: string) => {
          if (files.has(fileName) || fileName === chunk.fileName) return;
          files.add(fileName);
          const found = bundle[fileName];
          if (found?.type === "chunk") found.imports.forEach(add);
        };
        chunk.dynamicImports.forEach(add);
        return [
          {
            tag: "script",
            attrs: { type: "application/json", id: START_UP_CHUNKS_ELEMENT_ID },
            children: JSON.stringify([...files].map((file) => `/${file}`)),
            injectTo: "head",
          },
        ];
      },
    },
  };
}
