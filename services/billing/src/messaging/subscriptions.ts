import { orderPaidV3, orderRefundProcessedV1 } from "@storefront/contracts";
import type { EventConsumer } from "@storefront/messaging";
import { type IssueCreditNoteDependencies, issueCreditNote } from "../usecases/issue-credit-note.js";
import { type IssueReceiptDependencies, issueReceipt } from "../usecases/issue-receipt.js";

/**
 * Everything the billing service reacts to, in one list (docs/conventions.md, Layout).
 * Each line is `consumer.on(<event definition>, <handler>)`.
 */
export function subscriptions(
  consumer: EventConsumer,
  deps: IssueReceiptDependencies & IssueCreditNoteDependencies,
): void {
  consumer.on(orderPaidV3, async (event) => {
    await issueReceipt(deps, event);
  });
  consumer.on(orderRefundProcessedV1, async (event) => {
    await issueCreditNote(deps, event);
  });
}
