import { GrievanceContact } from "./GrievanceContact";
import { type Policy, PolicyPage } from "./PolicyPage";

const returnAndRefund: Policy = {
  title: "Return and Refund Policy",
  intro:
    "Sweets and snacks are perishable, so we cannot take back food you have changed your mind about. When something is wrong with your order, we put it right.",
  sections: [
    {
      heading: "Returns",
      blocks: [
        "A return can be requested within 1 calendar day of delivery, only when the product:",
        [
          "arrived damaged or spoiled;",
          "is not what you ordered (a different product or weight);",
          "is past its best-before date on arrival.",
        ],
        <>
          To request a return, <GrievanceContact /> with your order id and photographs of the box and the product. Keep
          the product and its packing until we reply.
        </>,
        "Opened or partly eaten products, and products kept outside the storage advice on the label, cannot be returned unless they were faulty on arrival.",
      ],
    },
    {
      heading: "Refunds",
      blocks: [
        "Once we approve a refund, it is credited to the original payment method (card, UPI or net banking) within 6-8 days.",
        "When we ask you to send a product back, the refund is processed within 5 to 7 business days after the return reaches us and is inspected.",
        "If a product can be replaced, you may choose a replacement instead of a refund. The postal delivery charge is refunded when the whole order was wrong or damaged.",
      ],
    },
  ],
};

export default function ReturnAndRefundPage() {
  return <PolicyPage policy={returnAndRefund} />;
}
