import { Link } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import { MAX_UNITS_PER_PRODUCT } from "../../cart/cart-rules";
import { PLATFORM_FEE, POSTAL_DELIVERY_CHARGE } from "../../cart/charges";
import { formatRupees } from "../../contracts";
import { shop } from "../../shop";
import { GrievanceContact } from "./GrievanceContact";
import { type Policy, PolicyPage } from "./PolicyPage";

const policyLink = (to: string, label: string) => (
  <Link asChild color="brand.fg" textDecoration="underline">
    <RouterLink to={to}>{label}</RouterLink>
  </Link>
);

const terms: Policy = {
  title: "Terms & Conditions",
  intro: `These terms apply when you browse or buy from the online shop of ${shop.name}, ${shop.address}. By placing an order you accept them.`,
  sections: [
    {
      heading: "Products and prices",
      blocks: [
        "Our sweets and farsan are handmade, so colour, shape and size vary a little from the photographs. Each product is sold in 250 Gram or 500 Gram packs at the price shown for that weight.",
        "All prices are in Indian rupees (INR) and include taxes.",
        `You can order up to ${MAX_UNITS_PER_PRODUCT} units of each product in one order. For larger quantities, send us an enquiry and we will quote a catering price.`,
      ],
    },
    {
      heading: "Payment",
      blocks: [
        "We accept credit and debit cards, UPI and net banking, through a hosted payment provider. Your order is confirmed only when the provider confirms the payment; you then see a confirmation page and can download a receipt.",
        [
          "Item total: the sum of the products in your cart.",
          `Postal delivery charges: ${formatRupees(POSTAL_DELIVERY_CHARGE)} per order.`,
          `Platform fee: ${formatRupees(PLATFORM_FEE)}.`,
          "Total pay: item total + postal delivery charges + platform fee.",
        ],
        "If money leaves your account but the payment is not confirmed to us, the provider reverses it, or we refund it under the refund policy once it reaches us.",
      ],
    },
    {
      heading: "Your account",
      blocks: [
        "You may buy as a guest or with an account. Keep your password to yourself; orders placed from your account are taken to be yours. We may close an account used for fraud or abuse.",
      ],
    },
    {
      heading: "Delivery, cancellation and returns",
      blocks: [
        <>
          Delivery times and charges are in the {policyLink("/shipping", "shipping policy")}. Cancellations and
          complaints are taken on the same day only, under the{" "}
          {policyLink("/cancellationpolicy", "cancellation policy")}; returns and refunds follow the{" "}
          {policyLink("/returnandrefund", "return and refund policy")}.
        </>,
      ],
    },
    {
      heading: "Food safety",
      blocks: [
        "Our food is perishable. Please read the label for ingredients (our kitchen handles milk, nuts, sesame and wheat) and the best-before date, store it as advised, and eat it in time. We are not responsible for food kept beyond its best-before date or stored against the instructions.",
      ],
    },
    {
      heading: "Liability and law",
      blocks: [
        "Our responsibility for an order is limited to the amount you paid for it. These terms are governed by the laws of India, and the courts at Satara, Maharashtra have jurisdiction.",
        <>
          Questions about these terms: <GrievanceContact />.
        </>,
      ],
    },
  ],
};

export default function TermsPage() {
  return <PolicyPage policy={terms} />;
}
