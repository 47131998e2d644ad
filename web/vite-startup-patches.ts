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
  // createSystem in steps (createSystemInSteps, a generator of the same body): the browser builds the shop's system
  // in five tasks of a few milliseconds, with taps answered between them, instead of one task of 20-30 ms of a fast
  // desktop's CPU (150-250 ms on a phone). The steps fall after merging the configs, between reading the tokens and
  // resolving them, after the token dictionary and after the style utility. createSystem runs every step at once, as
  // before, for the server and for pages the browser draws itself. See app/theme.ts.
  {
    module: "@chakra-ui/react/dist/esm/styled-system/system.js",
    find: "function createSystem(...configs) {\n  const config = mergeConfigs(...configs);\n",
    replace:
      "function createSystem(...configs) {\n  return runToEnd(createSystemInSteps(...configs));\n}\n" +
      "function runToEnd(steps) {\n  let step = steps.next();\n  while (!step.done) step = steps.next();\n  return step.value;\n}\n" +
      "function* createSystemInSteps(...configs) {\n  const config = mergeConfigs(...configs);\n  yield;\n",
  },
  {
    module: "@chakra-ui/react/dist/esm/styled-system/system.js",
    find: "  const tokens = createTokenDictionary({",
    replace: "  const tokens = yield* createTokenDictionaryInSteps({",
  },
  {
    module: "@chakra-ui/react/dist/esm/styled-system/system.js",
    find: "  const breakpoints = createBreakpoints(theme.breakpoints ?? EMPTY_OBJECT);\n",
    replace: "  yield;\n  const breakpoints = createBreakpoints(theme.breakpoints ?? EMPTY_OBJECT);\n",
  },
  {
    module: "@chakra-ui/react/dist/esm/styled-system/system.js",
    find: "  function assignComposition() {\n",
    replace: "  yield;\n  function assignComposition() {\n",
  },
  {
    module: "@chakra-ui/react/dist/esm/styled-system/system.js",
    find: "import { createTokenDictionary } from './token-dictionary.js';",
    replace: "import { createTokenDictionaryInSteps } from './token-dictionary.js';",
  },
  {
    module: "@chakra-ui/react/dist/esm/styled-system/system.js",
    find: "export { createSystem, isValidSystem };",
    replace: "export { createSystem, createSystemInSteps, isValidSystem };",
  },
  {
    module: "@chakra-ui/react/dist/esm/index.js",
    find: "export { createSystem, isValidSystem } from './styled-system/system.js';",
    replace: "export { createSystem, createSystemInSteps, isValidSystem } from './styled-system/system.js';",
  },
  {
    module: "@chakra-ui/react/dist/esm/styled-system/token-dictionary.js",
    find: "function createTokenDictionary(options) {\n",
    replace:
      "function createTokenDictionary(options) {\n  const steps = createTokenDictionaryInSteps(options);\n" +
      "  let step = steps.next();\n  while (!step.done) step = steps.next();\n  return step.value;\n}\n" +
      "function* createTokenDictionaryInSteps(options) {\n",
  },
  {
    module: "@chakra-ui/react/dist/esm/styled-system/token-dictionary.js",
    find: "  registerTokens();\n  registerTransform(",
    replace: "  registerTokens();\n  yield;\n  registerTransform(",
  },
  {
    module: "@chakra-ui/react/dist/esm/styled-system/token-dictionary.js",
    find: "export { createTokenDictionary, tokenCategories };",
    replace: "export { createTokenDictionary, createTokenDictionaryInSteps, tokenCategories };",
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

/**
 * Calls that only describe the theme and the parts of components, marked free of side effects (`@__PURE__`) so the
 * bundler drops those the shop never uses. Unmarked, they kept the anatomy of nearly every component (built at load
 * from Zag's and Ark's anatomy modules, a quarter of the time the browser spent evaluating Chakra's chunk): building
 * an anatomy, or `carouselAnatomy.keys()` in a recipe the shop never uses, might do something as far as the bundler
 * knows.
 * `everyModule`: each module of the kind has such calls, and one without them stops the build, as a patch does.
 */
const PURE_CALLS: Array<{ modules: RegExp; call: RegExp; everyModule: boolean }> = [
  {
    modules: /^@zag-js\/[^/]+\/dist\/[^/]+\.anatomy\.mjs$/,
    call: /(?<== )(createAnatomy\(|anatomy\.build\(\))/g,
    everyModule: true,
  },
  {
    modules: /^@chakra-ui\/react\/dist\/esm\/anatomy\.js$/,
    call: /(?<== )(createAnatomy\(|\w+\.extendWith\()/g,
    everyModule: true,
  },
  {
    modules: /^@chakra-ui\/react\/dist\/esm\/theme\//,
    call: /(?<=[=:] )(define[A-Z]\w*(?:\.\w+)?\(|\w+Anatomy\.keys\(\)|mapEntries\()/g,
    everyModule: false,
  },
];

const IN_NODE_MODULES = /node_modules[\\/](.+)$/;

export function startupPatches(): Plugin {
  return {
    name: "storefront:startup-patches",
    enforce: "pre",
    transform(code, id) {
      const module = IN_NODE_MODULES.exec(id.split("?")[0] ?? id)?.[1]?.replaceAll("\\", "/");
      if (module === undefined) return null;
      const pure = PURE_CALLS.find((rule) => rule.modules.test(module));
      const patches = PATCHES.filter((patch) => patch.module === module);
      if (patches.length === 0 && !pure) return null;
      let patched = code;
      if (pure) {
        const marked = patched.replace(pure.call, "/* @__PURE__ */ $1");
        if (marked === patched && pure.everyModule)
          throw new Error(`${id} has no ${pure.call}: update vite-startup-patches.ts`);
        patched = marked;
      }
      for (const patch of patches) {
        if (!patched.includes(patch.find))
          throw new Error(`${id} no longer has "${patch.find}": update vite-startup-patches.ts`);
        patched = patched.replace(patch.find, patch.replace);
      }
      return { code: patched, map: null };
    },
  };
}
