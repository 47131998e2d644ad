import { create } from "qrcode";
import { describe, expect, it } from "vitest";
import { passQrSvg } from "./PassQr";

describe("a booking pass's QR code", () => {
  it("holds the code alone, as an SVG the page can show", () => {
    const url = passQrSvg("ACDEFG");
    expect(url.startsWith("data:image/svg+xml;utf8,")).toBe(true);
    const svg = decodeURIComponent(url.slice("data:image/svg+xml;utf8,".length));
    expect(svg).toContain("<svg");
    // The same symbol the library makes for the bare code: the scanner reads back "ACDEFG", no URL around it.
    const size = create("ACDEFG", { errorCorrectionLevel: "M" }).modules.size;
    expect(svg).toContain(`viewBox="0 0 ${size + 4} ${size + 4}"`);
  });
});
