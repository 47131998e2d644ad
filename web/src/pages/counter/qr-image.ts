import jsQR from "jsqr";

/**
 * Reads a QR code from a camera frame or a photo with jsQR (pure JavaScript, no worker or WebAssembly file to
 * serve): the text it holds, or undefined when the picture has none.
 */
export function readQr(source: CanvasImageSource, width: number, height: number): string | undefined {
  if (width === 0 || height === 0) return undefined;
  // Large photos are scaled down: jsQR's time grows with the pixels, and a pass's code reads well at 640 px.
  const scale = Math.min(1, 640 / Math.max(width, height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) return undefined;
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  const image = context.getImageData(0, 0, canvas.width, canvas.height);
  return jsQR(image.data, image.width, image.height, { inversionAttempts: "dontInvert" })?.data;
}

/** A photo the staff picked ("Scan a photo"), read once. */
export async function readQrFile(file: Blob): Promise<string | undefined> {
  const bitmap = await createImageBitmap(file);
  try {
    return readQr(bitmap, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
}
