import { useState } from "react";
import { type BillToField, CLOSED_BILL_TO, judgeBillTo } from "./bill-to";

const EVERY_FIELD: ReadonlySet<BillToField> = new Set(["gstin", "legalName", "address"]);

/**
 * The "Invoice" section's state where an order or a booking is placed (docs/business-buyers.md, In the shop's pages):
 * closed by default (B2C stays the default), judged as the server judges it against the address the order goes to, a
 * field's refusal shown once the shopper has left it, every one once the order is sent (`revealAll`).
 */
export function useBillTo(deliveryAddress: string) {
  const [draft, setDraft] = useState(CLOSED_BILL_TO);
  const [left, setLeft] = useState<ReadonlySet<BillToField>>(new Set());
  const judged = judgeBillTo(draft, deliveryAddress);
  const errors = judged.ok
    ? {}
    : Object.fromEntries(Object.entries(judged.errors).filter(([field]) => left.has(field as BillToField)));
  return {
    judged,
    /** BillToSection's props, but the saved business addresses. */
    section: {
      draft,
      onChange: setDraft,
      errors,
      onLeave: (field: BillToField) => setLeft((known) => new Set(known).add(field)),
    },
    /** Shows every refusal and brings the section into view (the order was sent with one). */
    revealAll: () => {
      setLeft(EVERY_FIELD);
      document.querySelector("[data-testid=bill-to]")?.scrollIntoView({ block: "center" });
    },
  };
}
