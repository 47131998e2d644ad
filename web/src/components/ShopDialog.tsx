import {
  Dialog,
  type DialogBodyProps,
  type DialogContentProps,
  type DialogPositionerProps,
  Portal,
} from "@chakra-ui/react";
import type { ReactNode } from "react";

/**
 * The shop's modal, its frame written once: centred over a backdrop, a header (the title, and what goes beside it),
 * a body and, when given, a footer; `trigger` is the button that opens a dialog that keeps its own state. The rest
 * of the props are Chakra's Dialog.Root's (open, onOpenChange, size...).
 */
export function ShopDialog({
  header,
  children,
  footer,
  trigger,
  positioner,
  content,
  body,
  ...root
}: Omit<Dialog.RootProps, "children"> & {
  header: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  trigger?: ReactNode;
  positioner?: DialogPositionerProps;
  content?: DialogContentProps & { "data-testid"?: string; "data-result"?: string };
  body?: DialogBodyProps;
}) {
  return (
    <Dialog.Root placement="center" {...root}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner {...positioner}>
          <Dialog.Content {...content}>
            <Dialog.Header>{header}</Dialog.Header>
            <Dialog.Body {...body}>{children}</Dialog.Body>
            {footer && <Dialog.Footer>{footer}</Dialog.Footer>}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
