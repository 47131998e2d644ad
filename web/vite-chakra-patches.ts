import type { Plugin } from "vite";

interface SourcePatch {
  /** The module of `@chakra-ui/react/dist/esm/` rewritten. */
  module: string;
  find: string;
  replace: string;
}

/**
 * Two rewrites of Chakra's start-up code, each worth tens of milliseconds of a phone's CPU at load (issue: speed a
 * shopper feels). Both the SPA and the server build bundle the ESM files, so both get them.
 *
 * Rewrites of one Chakra release: if an upgrade changes the lines, the build stops here rather than silently losing
 * the saving (compare with the files under node_modules/@chakra-ui/react/dist/esm/).
 */
const PATCHES: SourcePatch[] = [
  // `system._global` (the reset, the global CSS and every token's CSS variable, ~30 kB of CSS) is computed when first
  // read instead of inside createSystem, where it is half the time. A page the gateway rendered already carries those
  // styles in its HTML: the browser hydrating it never reads `_global` (app/theme.ts). Pages rendered in the browser
  // read it through ChakraProvider exactly as before.
  {
    module: "styled-system/system.js",
    find: "const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];",
    replace: "let _global;",
  },
  {
    module: "styled-system/system.js",
    find: "    _global,\n",
    replace:
      "    get _global() {\n      return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];\n    },\n",
  },
  // Whether a style key is a condition (`_hover`, `md`...) listed every condition's name into a new array on each
  // call, for every key of every style object: a third of createSystem's time. Same answer, by a property lookup.
  {
    module: "styled-system/conditions.js",
    find: "return keys().includes(key) ||",
    replace: "return Object.prototype.hasOwnProperty.call(values, key) ||",
  },
];

const CHAKRA_ESM = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/](.+)$/;

export function chakraPatches(): Plugin {
  return {
    name: "storefront:chakra-patches",
    enforce: "pre",
    transform(code, id) {
      const module = CHAKRA_ESM.exec(id)?.[1]?.replaceAll("\\", "/");
      const patches = PATCHES.filter((patch) => patch.module === module);
      if (patches.length === 0) return null;
      let patched = code;
      for (const patch of patches) {
        if (!patched.includes(patch.find))
          throw new Error(`${id} no longer has "${patch.find}": update vite-chakra-patches.ts`);
        patched = patched.replace(patch.find, patch.replace);
      }
      return { code: patched, map: null };
    },
  };
}
