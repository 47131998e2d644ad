// fontkit ships no types; the one call the invoice renderer makes. The font is handed to pdfkit, which reads it.
declare module "fontkit" {
  export function create(buffer: Uint8Array, postscriptName?: string): object;
}
