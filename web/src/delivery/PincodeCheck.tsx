import { Box, Button, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";
import { deliverySentence } from "./delivery-words";

/** The pincode a shopper checked, kept for the visit (this tab). */
const REMEMBERED = "deliveryPincode";

/**
 * The last check, outside any component: home and the cart show the same answer, and a re-render that mounts the
 * form again (the page's data refreshing) keeps what the shopper typed and was told.
 */
const lastCheck = createStore<{ pincode: string; answer?: { text: string; refused: boolean }; busy: boolean }>()(
  () => ({ pincode: "", busy: false }),
);

async function check(asked: string): Promise<void> {
  if (!/^[1-9]\d{5}$/.test(asked)) {
    lastCheck.setState({ answer: { text: "A pincode is 6 digits.", refused: true } });
    return;
  }
  lastCheck.setState({ busy: true });
  try {
    const { checkPincode } = await import("../api/delivery");
    const found = await checkPincode(asked);
    sessionStorage.setItem(REMEMBERED, asked);
    lastCheck.setState({
      answer: { text: deliverySentence(found.pincode, found.place, found.options), refused: false },
    });
  } catch (error) {
    lastCheck.setState({ answer: { text: error instanceof Error ? error.message : String(error), refused: true } });
  } finally {
    lastCheck.setState({ busy: false });
  }
}

/**
 * "Deliver to 412803?" on home and the cart (docs/delivery.md): a pincode in, one line out ("Delivering to 412803
 * Wai: tomorrow 5 pm - 8 pm, free above ₹500"). The server renders only its room: a form painted before the app woke
 * up would submit itself as a page load and lose what was typed (docs/early-taps.md), so it appears once it works. A
 * pincode checked earlier in the visit is asked again then. The API's code loads only when a pincode is checked.
 */
export function PincodeCheck() {
  const [awake, setAwake] = useState(false);
  useEffect(() => {
    setAwake(true);
    const remembered = sessionStorage.getItem(REMEMBERED);
    if (remembered && !lastCheck.getState().answer) {
      lastCheck.setState({ pincode: remembered });
      void check(remembered);
    }
  }, []);
  return awake ? <PincodeForm /> : <Box minH="8" aria-hidden="true" />;
}

function PincodeForm() {
  const { pincode, answer, busy } = useStore(lastCheck);
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
          onChange={(event) => lastCheck.setState({ pincode: event.currentTarget.value })}
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
