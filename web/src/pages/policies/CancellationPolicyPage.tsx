import { shop } from "../../shop";
import { GrievanceContact } from "./GrievanceContact";
import { type Policy, PolicyPage } from "./PolicyPage";

const cancellationPolicy: Policy = {
  title: "Cancellation Policy",
  intro: `Our sweets are made to order and packed fresh, so ${shop.name} takes cancellations and complaints on the same day only.`,
  sections: [
    {
      heading: "Cancelling an order",
      blocks: [
        "You can cancel an order on the same day you place it, as long as it has not been dispatched. After that day, or once the order is dispatched, it cannot be cancelled.",
        <>
          To cancel, <GrievanceContact /> with your order id.
        </>,
      ],
    },
    {
      heading: "Complaints",
      blocks: [
        "If your order arrives damaged, spoiled or different from what you ordered, tell us on the same day it is delivered, with photographs of the box and the product. Complaints made later cannot be accepted, because we cannot know how the food was kept.",
      ],
    },
    {
      heading: "Refund of a cancelled order",
      blocks: [
        "An accepted cancellation is refunded in full to the original payment method (card, UPI or net banking) within 6-8 days. How soon it shows in your account depends on your bank.",
      ],
    },
    {
      heading: "When we cancel",
      blocks: [
        "Rarely, we may have to cancel an order ourselves, for example when an item cannot be made fresh in time or the address cannot be served. We will tell you at once and refund the full amount within 6-8 days.",
      ],
    },
  ],
};

export default function CancellationPolicyPage() {
  return <PolicyPage policy={cancellationPolicy} />;
}
