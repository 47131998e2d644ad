import { Button, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { deliverySentence } from "./delivery-words";

/** The pincode a shopper checked, kept for the visit (this tab). */
const REMEMBERED = "deliveryPincode";

/**
 * "Deliver to 412803?" on home and the cart (docs/delivery.md): a pincode in, one line out ("Delivering to 412803
 * Wai: tomorrow 5 pm - 8 pm, free above ₹500"). Rendered empty by the server; a pincode checked earlier in the visit
 * is asked again once the page is up. The API's code loads only when a pincode is checked.
 */
export function PincodeCheck() {
  const [pincode, setPincode] = useState("");
  const [answer, setAnswer] = useState<{ text: string; refused: boolean }>();
  const [busy, setBusy] = useState(false);

  async function check(asked: string) {
    if (!/^[1-9]\d{5}$/.test(asked)) {
      setAnswer({ text: "A pincode is 6 digits.", refused: true });
      return;
    }
    setBusy(true);
    try {
      const { checkPincode } = await import("../api/delivery");
      const found = await checkPincode(asked);
      sessionStorage.setItem(REMEMBERED, asked);
      setAnswer({ text: deliverySentence(found.pincode, found.place, found.options), refused: false });
    } catch (error) {
      setAnswer({ text: error instanceof Error ? error.message : String(error), refused: true });
    } finally {
      setBusy(false);
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival: the pincode checked earlier in the visit
  useEffect(() => {
    const remembered = sessionStorage.getItem(REMEMBERED);
    if (remembered) {
      setPincode(remembered);
      void check(remembered);
    }
  }, []);

  return (
    <Stack gap="2" data-testid="pincode-check">
      <HStack
        as="form"
        gap="2"
        maxW="sm"
        onSubmit={(event) => {
          event.preventDefault();
          void check(pincode.trim());
        }}
      >
        <Input
          size="sm"
          bg="white"
          inputMode="numeric"
          maxLength={6}
          placeholder="Deliver to pincode"
          aria-label="Deliver to pincode"
          value={pincode}
          onChange={(event) => setPincode(event.currentTarget.value)}
          data-testid="pincode-input"
        />
        <Button
          type="submit"
          size="sm"
          variant="outline"
          colorPalette="brand"
          loading={busy}
          data-testid="pincode-submit"
        >
          Check
        </Button>
      </HStack>
      {answer && (
        <Text fontSize="sm" color={answer.refused ? "red.600" : "brand.fg"} data-testid="pincode-answer">
          {answer.text}
        </Text>
      )}
    </Stack>
  );
}
