import { Box, Dialog } from "@chakra-ui/react";
import { useEffect } from "react";
import { ShopDialog } from "../../components/ShopDialog";
import type { CheckoutSettings } from "../../contracts";
import { useSay } from "../../i18n/i18n";
import { type CheckoutOutcome, sandboxCheckoutUrl, sandboxOutcome } from "./provider-checkout";

interface SandboxCheckoutDialogProps {
  settings: Extract<CheckoutSettings, { provider: "sandbox" }>;
  paymentSessionId: string;
  onOutcome: (outcome: CheckoutOutcome) => void;
}

/**
 * The local sandbox provider's hosted checkout in a modal, as Cashfree's SDK shows its own (spec section 1). Pay,
 * Fail and Close on the page, or Escape and a click outside (closed), end it.
 */
export function SandboxCheckoutDialog({ settings, paymentSessionId, onOutcome }: SandboxCheckoutDialogProps) {
  useEffect(() => {
    const listen = (event: MessageEvent) => {
      const outcome = sandboxOutcome(event, settings.checkoutUrl);
      if (outcome) onOutcome(outcome);
    };
    window.addEventListener("message", listen);
    return () => window.removeEventListener("message", listen);
  }, [settings.checkoutUrl, onOutcome]);

  const say = useSay();
  return (
    <ShopDialog
      open
      onOpenChange={(details) => {
        if (!details.open) onOutcome("closed");
      }}
      size="md"
      content={{ "data-testid": "payment-modal", mx: "3" }}
      body={{ p: "0" }}
      header={<Dialog.Title>{say("pay.secure")}</Dialog.Title>}
    >
      <Box asChild w="full" h="460px" border="0" display="block">
        <iframe
          title={say("pay.providerFrame")}
          src={sandboxCheckoutUrl(settings, paymentSessionId)}
          data-testid="payment-frame"
        />
      </Box>
    </ShopDialog>
  );
}
