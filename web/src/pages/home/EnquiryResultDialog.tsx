import { Button, Dialog, Flex, Icon, Portal, Text } from "@chakra-ui/react";
import { LuCircleAlert, LuCircleCheck } from "react-icons/lu";
import { shop } from "../../shop";

export type EnquiryResult = "sent" | "failed";

/** Spec section 2, enquiry result modals; titles and the failure text are the spec's words. */
const results = {
  sent: {
    title: "Enquiry Notification Send Successfully",
    text: `Thank you for contacting ${shop.name}. We will get back to you soon.`,
    icon: <LuCircleCheck />,
    colour: "green.600",
  },
  failed: {
    title: "Enquiry Notification Send Failed",
    text: "Something went wrong, please try again latter",
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
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      onExitComplete={onClosed}
      placement="center"
      size={{ base: "xs", sm: "md" }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content data-testid="enquiry-result" data-result={result}>
            <Dialog.Header>
              <Flex gap="3" align="center">
                <Icon boxSize="7" color={shown.colour} aria-hidden="true">
                  {shown.icon}
                </Icon>
                <Dialog.Title>{shown.title}</Dialog.Title>
              </Flex>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{shown.text}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button data-testid="enquiry-ok" colorPalette="brand" minW="24" onClick={onClose}>
                Ok
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
