import { Button, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { PINCODE, PINCODE_MESSAGE } from "@storefront/contracts/plain";
import { useEffect, useRef } from "react";
import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";
import type { PincodeCheck as Found } from "../contracts";
import { earlyForm, takeEarlyTaps } from "../early-taps/early-taps";
import { useLanguage } from "../i18n/i18n";
import { deliverySentence } from "./delivery-words";
import { rememberedPincode, rememberPincode } from "./remembered-pincode";

/**
 * The last check, outside any component: home and the cart show the same answer, and a re-render that mounts the
 * form again (the page's data refreshing) keeps what the shopper typed and was told.
 */
const lastCheck = createStore<{ pincode: string; answer?: { found: Found } | { refusal: string }; busy: boolean }>()(
  () => ({ pincode: "", busy: false }),
);

async function check(asked: string): Promise<void> {
  if (!PINCODE.test(asked)) {
    lastCheck.setState({ answer: { refusal: PINCODE_MESSAGE } });
    return;
  }
  lastCheck.setState({ busy: true });
  try {
    const { checkPincode } = await import("../api/delivery");
    const found = await checkPincode(asked);
    rememberPincode(asked);
    lastCheck.setState({ answer: { found } });
  } catch (error) {
    lastCheck.setState({ answer: { refusal: error instanceof Error ? error.message : String(error) } });
  } finally {
    lastCheck.setState({ busy: false });
  }
}

/**
 * The ways the last checked pincode is served, or undefined before a pincode is known: the cart's note says what
 * the option checkout will choose first charges (delivery-words.ts, `cartDeliveryNote`).
 */
export const useCheckedOptions = () =>
  useStore(lastCheck, (state) => (state.answer && "found" in state.answer ? state.answer.found.options : undefined));

/** The form's group in the early-taps capture script: a pincode typed and sent before the app woke up is kept. */
const PINCODE_FORM = "pincode";

/**
 * "Deliver to 412803?" on home and the cart (docs/delivery.md): a pincode in, one line out ("Delivering to 412803
 * Wai: tomorrow 5 pm - 8 pm, free above ₹500"). The server renders the form itself, so the page wakes up with nothing
 * new to draw (drawing it after hydration cost the phone ~200 ms of blocking time: new styles, a new layout). Until the
 * app takes it over, the capture script holds its submit (docs/early-taps.md); the field is uncontrolled, so what
 * was typed stays, and a pincode sent early is checked once the form is taken over. A pincode checked earlier in the
 * visit is asked again then. The API's code loads only when a pincode is checked.
 */
export function PincodeCheck() {
  const { pincode, answer, busy } = useStore(lastCheck);
  const field = useRef<HTMLInputElement>(null);
  const language = useLanguage();
  useEffect(() => {
    const typed = field.current?.value.trim() ?? "";
    const sentEarly = takeEarlyTaps(PINCODE_FORM).some((tap) => tap.action === "submit");
    const remembered = rememberedPincode();
    if (sentEarly) {
      lastCheck.setState({ pincode: typed });
      void check(typed);
    } else if (typed) {
      lastCheck.setState({ pincode: typed });
    } else if (remembered && !lastCheck.getState().answer) {
      lastCheck.setState({ pincode: remembered });
      if (field.current) field.current.value = remembered;
      void check(remembered);
    }
  }, []);
  return (
    <Stack gap="2" data-testid="pincode-check">
      <HStack
        as="form"
        gap="2"
        maxW="sm"
        {...earlyForm(PINCODE_FORM)}
        onSubmit={(event) => {
          event.preventDefault();
          void check(field.current?.value.trim() ?? pincode);
        }}
      >
        <Input
          ref={field}
          name="pincode"
          size="sm"
          bg="white"
          inputMode="numeric"
          maxLength={6}
          placeholder={language.say("pincode.placeholder")}
          aria-label={language.say("pincode.placeholder")}
          defaultValue={pincode}
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
          {language.say("pincode.check")}
        </Button>
      </HStack>
      {answer && (
        <Text fontSize="sm" color={"refusal" in answer ? "red.600" : "brand.fg"} data-testid="pincode-answer">
          {"refusal" in answer
            ? language.sayEnglish(answer.refusal)
            : deliverySentence(language, answer.found.pincode, answer.found.place, answer.found.options)}
        </Text>
      )}
    </Stack>
  );
}
