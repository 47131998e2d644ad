import { Box, Button, chakra, HStack, Stack, Text } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import { LuCamera, LuImage } from "react-icons/lu";
import { readQr, readQrFile } from "./qr-image";

/** The camera's picture, read for a QR code five times a second until one is found (or the staff close it). */
function Camera({ onCode, onClose }: { onCode: (text: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: number | undefined;
    let stopped = false;
    const look = () => {
      const frame = video.current;
      if (stopped || !frame) return;
      const text = frame.readyState >= 2 ? readQr(frame, frame.videoWidth, frame.videoHeight) : undefined;
      if (text) onCode(text);
      else timer = window.setTimeout(look, 200);
    };
    navigator.mediaDevices
      ?.getUserMedia({ video: { facingMode: "environment" }, audio: false })
      .then(async (opened) => {
        stream = opened;
        if (stopped || !video.current) return;
        video.current.srcObject = opened;
        await video.current.play();
        look();
      })
      .catch(() => setProblem("The camera could not be opened. Type the code, or scan a photo of it."));
    if (!navigator.mediaDevices) setProblem("This browser gives no camera here. Type the code, or scan a photo of it.");
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [onCode]);
  return (
    <Stack gap="2" data-testid="counter-camera">
      {problem ? (
        <Text color="red.600">{problem}</Text>
      ) : (
        <Box borderRadius="md" overflow="hidden" bg="black">
          <chakra.video ref={video} muted playsInline w="100%" maxH="60vh" />
        </Box>
      )}
      <Button size="lg" variant="outline" onClick={onClose}>
        Close the camera
      </Button>
    </Stack>
  );
}

/**
 * Scanning a pass: the phone's camera, or a photo of the QR code ("Scan a photo": a phone's file picker offers the
 * camera too, and it works where a browser refuses a live camera, e.g. a page not on HTTPS).
 */
export function QrScanner({ onCode, onNothing }: { onCode: (text: string) => void; onNothing: () => void }) {
  const [camera, setCamera] = useState(false);
  const photo = useRef<HTMLInputElement>(null);
  if (camera)
    return (
      <Camera
        onCode={(text) => {
          setCamera(false);
          onCode(text);
        }}
        onClose={() => setCamera(false)}
      />
    );
  return (
    <HStack gap="2">
      <Button size="xl" flex="1" colorPalette="brand" onClick={() => setCamera(true)} data-testid="counter-scan">
        <LuCamera /> Scan
      </Button>
      <Button size="xl" flex="1" variant="outline" onClick={() => photo.current?.click()}>
        <LuImage /> Scan a photo
      </Button>
      <input
        ref={photo}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        data-testid="counter-photo"
        onChange={async (event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = "";
          if (!file) return;
          const text = await readQrFile(file).catch(() => undefined);
          if (text) onCode(text);
          else onNothing();
        }}
      />
    </HStack>
  );
}
