import { orderPaidV3 } from "@storefront/contracts";
import type { EventConsumer } from "@storefront/messaging";
import { type IssueReceiptDependencies, issueReceipt } from "../usecases/issue-receipt.js";

/**
 * Everything the billing service reacts to, in one list (docs/conventions.md, Layout).
 * Each line is `consumer.on(<event definition>, <handler>)`.
 */
export function subscriptions(consumer: EventConsumer, deps: IssueReceiptDependencies): void {
  consumer.on(orderPaidV3, async (event) => {
    await issueReceipt(deps, event);
  });
}
