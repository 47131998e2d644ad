import type { Plugin } from "vite";
import { START_UP_CHUNKS_ELEMENT_ID, type StartUpChunks } from "./src/app/start-up-chunks.ts";

/** The first part of a language's catalog, which boot.tsx imports for a page in that language (vite-catalogs.ts). */
const FIRST_CATALOG = /^\0virtual:catalog\/([a-z]{2})\/first$/;

/**
 * Lists, in a JSON data block of index.html, every chunk `src/main.tsx` loads to wake the page up (its dynamic
 * imports, React, the theme and the app, with what they import statically), and per language the chunk of its
 * catalog that boot loads for a page in it, for `preloadStartUpChunks` to ask for them all at once after the first
 * paint (src/app/start-up-chunks.ts, docs/first-load.md).
 */
export function startUpChunks(): Plugin {
  return {
    name: "storefront:start-up-chunks",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, { bundle, chunk }) {
        if (!bundle || !chunk) return;
        const withImports = (fileName: string, into = new Set<string>()) => {
          if (into.has(fileName) || fileName === chunk.fileName) return into;
          into.add(fileName);
          const found = bundle[fileName];
          if (found?.type === "chunk") for (const imported of found.imports) withImports(imported, into);
          return into;
        };
        const all = new Set<string>();
        for (const imported of chunk.dynamicImports) withImports(imported, all);
        const byLanguage: Record<string, string[]> = {};
        for (const output of Object.values(bundle)) {
          const language = output.type === "chunk" ? FIRST_CATALOG.exec(output.facadeModuleId ?? "")?.[1] : undefined;
          if (!language || all.has(output.fileName)) continue;
          byLanguage[language] = [...withImports(output.fileName)].filter((file) => !all.has(file)).map(path);
        }
        const chunks: StartUpChunks = { all: [...all].map(path), byLanguage };
        return [
          {
            tag: "script",
            attrs: { type: "application/json", id: START_UP_CHUNKS_ELEMENT_ID },
            children: JSON.stringify(chunks),
            injectTo: "head",
          },
        ];
      },
    },
  };
}

const path = (fileName: string) => `/${fileName}`;
