// pngjs (qrcode's PNG writer) ships no types; the one call the QR image's test makes to read a PNG back.
declare module "pngjs" {
  export const PNG: { sync: { read(buffer: Buffer): { width: number; height: number; data: Buffer } } };
}
