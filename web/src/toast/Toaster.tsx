import { Box, Toaster as ChakraToaster, Portal, Stack, Toast } from "@chakra-ui/react";
import { useLanguage } from "../i18n/i18n";
import { TOAST_DURATION_MS, TOAST_EASE_MS, toaster } from "./toaster";

const ease = `${TOAST_EASE_MS}ms ease-in-out`;

/** Darker than Chakra's solid orange and green, so white text reads at 4.5:1 or better. */
const toastColours = {
  "&[data-type=warning]": { bg: "orange.700" },
  "&[data-type=success]": { bg: "green.700" },
  "& [data-part=description]": { opacity: 1 },
} as const;

/**
 * Rendered once (in the providers). Each toast carries a bar that empties over its lifetime (spec section 9). Toasts
 * are raised with the shop's English words (its own, a server's message): shown in the page's language where the
 * catalogs have them (docs/languages.md).
 */
export default function Toaster() {
  const { say, sayEnglish } = useLanguage();
  const words = (text: unknown) => (typeof text === "string" ? sayEnglish(text) : text);
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: "4" }}>
        {(toast) => (
          <Toast.Root
            data-testid="toast"
            width={{ md: "md" }}
            overflow="hidden"
            transition={`translate ${ease}, scale ${ease}, opacity ${ease}, height 400ms, box-shadow 200ms`}
            _closed={{ transition: `translate ${ease}, scale ${ease}, opacity ${ease}` }}
            css={toastColours}
          >
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{words(toast.title) as string}</Toast.Title>}
              {toast.description && <Toast.Description>{words(toast.description) as string}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger aria-label={say("toast.close")} />}
            <Box
              data-testid="toast-progress"
              aria-hidden="true"
              position="absolute"
              insetInline="0"
              bottom="0"
              height="1"
              bg="currentColor"
              opacity="0.5"
              transformOrigin="left"
              animation={`toastProgress ${toast.duration ?? TOAST_DURATION_MS}ms linear forwards`}
              css={{ "[data-paused] > &": { animationPlayState: "paused" } }}
            />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
