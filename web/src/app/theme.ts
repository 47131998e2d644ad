import {
  createSystem,
  createSystemInSteps,
  defaultBaseConfig,
  defineConfig,
  type SystemContext,
} from "@chakra-ui/react";
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  nativeSelectSlotRecipe,
  radioGroupSlotRecipe,
  semanticTokens,
  separatorRecipe,
  spinnerRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from "@chakra-ui/react/theme";

/** The system font stack: no web fonts (the CSP allows nothing but the shop's own origin). */
const systemFonts = `system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif, "Apple Color Emoji", "Segoe UI Emoji"`;

/** Teal, the shop's colour (spec section 1). Text and solid buttons use 700, which reads on white (5.5:1). */
const teal = {
  50: "#f0fdfa",
  100: "#ccfbf1",
  200: "#99f6e4",
  300: "#5eead4",
  400: "#2dd4bf",
  500: "#14b8a6",
  600: "#0d9488",
  700: "#0f766e",
  800: "#115e59",
  900: "#134e4a",
  950: "#042f2e",
} as const;

export const BRAND_COLOUR = teal[700];

const config = defineConfig({
  globalCss: {
    html: { colorPalette: "brand", colorScheme: "light" },
    body: { bg: "gray.50" },
    "a, button, input, select, textarea, [tabindex]": {
      _focusVisible: { outline: "2px solid", outlineColor: "brand.focusRing", outlineOffset: "2px" },
    },
  },
  theme: {
    tokens: {
      fonts: { heading: { value: systemFonts }, body: { value: systemFonts } },
      colors: { brand: Object.fromEntries(Object.entries(teal).map(([shade, value]) => [shade, { value }])) },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: "{colors.brand.700}" },
          contrast: { value: "white" },
          fg: { value: "{colors.brand.700}" },
          muted: { value: "{colors.brand.100}" },
          subtle: { value: "{colors.brand.50}" },
          emphasized: { value: "{colors.brand.200}" },
          focusRing: { value: "{colors.brand.600}" },
        },
      },
    },
    keyframes: {
      toastProgress: { from: { transform: "scaleX(1)" }, to: { transform: "scaleX(0)" } },
      cartPulse: {
        "0%": { transform: "scale(1)" },
        "50%": { transform: "scale(1.25)" },
        "100%": { transform: "scale(1)" },
      },
    },
  },
});

/**
 * The colour palettes the shop uses (brand is teal, below; red, orange, green and blue are the alerts' and toasts'
 * statuses; yellow is the spec's badge colour for Pending and OnHold). Every palette is a few hundred CSS variables
 * that each page's HTML carries and each load computes: the other four (teal, cyan, purple, pink) are left out. A
 * component given one of them renders uncoloured.
 */
const PALETTES = ["gray", "red", "orange", "yellow", "green", "blue"];
const keepPalettes = <T extends Record<string, unknown>>(group: T, always: string[]): T =>
  Object.fromEntries(Object.entries(group).filter(([name]) => always.includes(name) || PALETTES.includes(name))) as T;
const shopTokens = {
  ...tokens,
  colors: keepPalettes(tokens.colors, ["transparent", "current", "black", "white", "whiteAlpha", "blackAlpha"]),
};

/**
 * The shop is light only (globalCss sets `colorScheme: light`, nothing switches to dark), so each semantic token keeps
 * its light value: Chakra's `{ _light, _dark }` pairs are otherwise two tokens each, and a `.dark` block of CSS
 * variables that every page would carry and every load would compute for nothing.
 */
type TokenTree = { [key: string]: TokenTree | unknown };
const lightOnly = <T extends TokenTree>(tree: T): T =>
  Object.fromEntries(
    Object.entries(tree).map(([key, node]) => {
      if (key === "value" && node && typeof node === "object" && "_light" in node) return [key, node._light];
      return [key, node && typeof node === "object" ? lightOnly(node as TokenTree) : node];
    }),
  ) as T;
const shopSemanticTokens = lightOnly({
  ...semanticTokens,
  colors: keepPalettes(semanticTokens.colors ?? {}, ["bg", "fg", "border"]),
});

/**
 * Chakra's default theme with only the recipes the shop uses: the full set of ~60 component recipes costs the first
 * paint about 16 kB gzip. A Chakra component whose recipe is missing renders unstyled (no error), so whoever uses a
 * new component (Tabs, RadioGroup, Table...) adds its recipe here from `@chakra-ui/react/theme`.
 */
const themeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: shopTokens,
    semanticTokens: shopSemanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      // The payment page's phone updates box (docs/messaging.md, Consent).
      checkbox: checkboxSlotRecipe,
      dialog: dialogSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

let system: SystemContext | undefined;

/** The shop's Chakra system, built on first use (for the server, and for a page the browser draws itself). */
export function shopSystem(): SystemContext {
  // One merge of the three configs (createSystem deep-copies what it merges: merging two of them first doubled it).
  system ??= createSystem(defaultBaseConfig, themeConfig, config);
  return system;
}

/**
 * The same system for hydrating a page the gateway rendered, built in steps with `pause()` between them: 20-30 ms of
 * a fast desktop's CPU in all, 150-250 ms on a phone, which in one task would leave a tap on the painted page
 * unanswered that long (createSystemInSteps, vite-startup-patches.ts). That HTML already holds Chakra's global styles
 * (the reset, the global CSS, every token's CSS variable), so ChakraProvider is given none to compute, serialize and
 * compare again. `_global` is built lazily (vite-startup-patches.ts), so this page never computes it at all; later
 * pages need nothing more, the styles stay in the document.
 */
export async function shopSystemWithoutGlobalStyles(pause: () => Promise<void>): Promise<SystemContext> {
  if (!system) {
    const steps = createSystemInSteps(defaultBaseConfig, themeConfig, config);
    let step = steps.next();
    while (!step.done) {
      await pause();
      step = steps.next();
    }
    system ??= step.value;
  }
  return Object.create(system, { _global: { value: [] } }) as SystemContext;
}
