import { Image, Stack, Text } from "@chakra-ui/react";
import { toString as qrSvg } from "qrcode";
import { useMemo } from "react";
import { groupPassCode } from "../../contracts";

/** The QR code of a pass code as an SVG data URL: the code alone (no URL), as the counter's scanner reads it. */
export function passQrSvg(code: string): string {
  let svg = "";
  // `toString` with a callback is synchronous for SVG: no canvas, so it renders on the server too.
  qrSvg(code, { type: "svg", errorCorrectionLevel: "M", margin: 2 }, (error, made) => {
    if (error) throw error;
    svg = made;
  });
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

/**
 * A booking pass (docs/counter.md, Passes): its QR code and the code in two groups (`ACD-EFG`) to read aloud or type.
 * For the booking's order page and mail once the booking checkout issues passes.
 */
export function PassQr({ code, label = "Booking pass" }: { code: string; label?: string }) {
  const src = useMemo(() => passQrSvg(code), [code]);
  return (
    <Stack align="center" gap="2" data-testid="pass-qr">
      <Image src={src} alt={`${label} ${groupPassCode(code)}`} w="48" h="48" />
      <Text fontFamily="mono" fontSize="2xl" letterSpacing="widest" data-testid="pass-code">
        {groupPassCode(code)}
      </Text>
    </Stack>
  );
}
