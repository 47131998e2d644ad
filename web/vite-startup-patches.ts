import type { Plugin } from "vite";

interface SourcePatch {
  /** The file rewritten, by its path under node_modules. */
  module: string;
  find: string;
  replace: string;
}

/**
 * Rewrites of Chakra's and emotion's start-up code, each worth tens to hundreds of milliseconds of a phone's CPU at
 * load. Both the SPA and the server build bundle the ESM files, so both get them.
 *
 * Rewrites of one release each: if an upgrade changes the lines, the build stops here rather than silently losing
 * the saving (compare with the files under node_modules/).
 */
const PATCHES: SourcePatch[] = [
  // `system._global` (the reset, the global CSS and every token's CSS variable, ~30 kB of CSS) is computed when first
  // read instead of inside createSystem, where it is half the time. A page the gateway rendered already carries those
  // styles in its HTML: the browser hydrating it never reads `_global` (app/theme.ts). Pages rendered in the browser
  // read it through ChakraProvider exactly as before.
  {
    module: "@chakra-ui/react/dist/esm/styled-system/system.js",
    find: "const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];",
    replace: "let _global;",
  },
  {
    module: "@chakra-ui/react/dist/esm/styled-system/system.js",
    find: "    _global,\n",
    replace:
      "    get _global() {\n      return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];\n    },\n",
  },
  // Whether a style key is a condition (`_hover`, `md`...) listed every condition's name into a new array on each
  // call, for every key of every style object: a third of createSystem's time. Same answer, by a property lookup.
  {
    module: "@chakra-ui/react/dist/esm/styled-system/conditions.js",
    find: "return keys().includes(key) ||",
    replace: "return Object.prototype.hasOwnProperty.call(values, key) ||",
  },
  // Emotion's browser cache takes over the server's style elements by inserting each into <head> again, where it
  // already is: the browser drops and re-adds every stylesheet of the page and restyles the whole page, 150-250 ms
  // of a mid-range phone's start (measured at 7x CPU on this project's machine, bench/lighthouse.ts). An element
  // already in the sheet's container stays where the server put it; new ones are placed as before.
  {
    module: "@emotion/sheet/dist/emotion-sheet.esm.js",
    find: "      _this.container.insertBefore(tag, before);\n",
    replace: "      if (tag.parentNode !== _this.container) _this.container.insertBefore(tag, before);\n",
  },
];

const IN_NODE_MODULES = /node_modules[\\/](.+)$/;

export function startupPatches(): Plugin {
  return {
    name: "storefront:startup-patches",
    enforce: "pre",
    transform(code, id) {
      const module = IN_NODE_MODULES.exec(id.split("?")[0] ?? id)?.[1]?.replaceAll("\\", "/");
      const patches = PATCHES.filter((patch) => patch.module === module);
      if (patches.length === 0) return null;
      let patched = code;
      for (const patch of patches) {
        if (!patched.includes(patch.find))
          throw new Error(`${id} no longer has "${patch.find}": update vite-startup-patches.ts`);
        patched = patched.replace(patch.find, patch.replace);
      }
      return { code: patched, map: null };
    },
  };
}
