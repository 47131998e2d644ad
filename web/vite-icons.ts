import { readFile } from "node:fs/promises";
import sharp from "sharp";
import type { Plugin } from "vite";

/** The shop's icons as PNG, drawn from `public/favicon.svg` (the drawing stays the one source of the mark). */
export const ICONS = [
  { fileName: "favicon-48.png", size: 48, background: undefined },
  // What a phone shows for the shop added to its home screen: opaque, as iPhones fill what is transparent with black.
  { fileName: "apple-touch-icon.png", size: 180, background: "#ffffff" },
] as const;

/**
 * Emits the icons for the SPA's build. The page links the PNG rather than the SVG: Chromium draws an SVG icon as a
 * document of its own on the page's main thread (~10 ms of a fast desktop's CPU, several times that on a phone) just
 * as the page starts answering taps; a PNG is decoded off it.
 */
export function shopIcons(): Plugin {
  return {
    name: "storefront:icons",
    apply: "build",
    async generateBundle() {
      const drawing = await readFile(new URL("./public/favicon.svg", import.meta.url));
      for (const { fileName, size, background } of ICONS) {
        const icon = sharp(drawing, { density: 72 * 8 }).resize(size, size);
        const source = await (background ? icon.flatten({ background }) : icon).png().toBuffer();
        this.emitFile({ type: "asset", fileName, source });
      }
    },
  };
}
