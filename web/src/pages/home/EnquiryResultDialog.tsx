import { Button, Dialog, Flex, Icon, Text } from "@chakra-ui/react";
import { LuCircleAlert, LuCircleCheck } from "react-icons/lu";
import { ShopDialog } from "../../components/ShopDialog";
import { useSay } from "../../i18n/i18n";
import { shop } from "../../shop";

export type EnquiryResult = "sent" | "failed";

/** Spec section 2, enquiry result modals; titles and the failure text are the spec's words. */
const results = {
  sent: {
    title: "enquiry.sentTitle",
    text: "enquiry.sentText",
    icon: <LuCircleCheck />,
    colour: "green.600",
  },
  failed: {
    title: "enquiry.failedTitle",
    text: "enquiry.failedText",
    icon: <LuCircleAlert />,
    colour: "red.600",
  },
} as const;

interface EnquiryResultDialogProps {
  /** What happened to the last enquiry; the modal is shown while `open`. */
  result: EnquiryResult;
  open: boolean;
  /** Ok, Escape or a click outside. */
  onClose: () => void;
  /** The modal has finished closing: the moment to reset the form behind it. */
  onClosed: () => void;
}

/** Ok (or closing the modal any other way) closes it, then the form resets (spec section 2). */
export function EnquiryResultDialog({ result, open, onClose, onClosed }: EnquiryResultDialogProps) {
  const shown = results[result];
  const say = useSay();
  return (
    <ShopDialog
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      onExitComplete={onClosed}
      size={{ base: "xs", sm: "md" }}
      positioner={{ px: "4" }}
      content={{ "data-testid": "enquiry-result", "data-result": result }}
      header={
        <Flex gap="3" align="center">
          <Icon boxSize="7" color={shown.colour} aria-hidden="true">
            {shown.icon}
          </Icon>
          <Dialog.Title>{say(shown.title)}</Dialog.Title>
        </Flex>
      }
      footer={
        <Button data-testid="enquiry-ok" colorPalette="brand" minW="24" onClick={onClose}>
          {say("enquiry.ok")}
        </Button>
      }
    >
      <Text>{say(shown.text, { shop: shop.name })}</Text>
    </ShopDialog>
  );
}
