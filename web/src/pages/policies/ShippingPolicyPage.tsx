import { PLATFORM_FEE, POSTAL_DELIVERY_CHARGE } from "../../cart/charges";
import { formatRupees } from "../../contracts";
import { shop } from "../../shop";
import { GrievanceContact } from "./GrievanceContact";
import { type Policy, PolicyPage } from "./PolicyPage";

const shippingPolicy: Policy = {
  title: "Shipping Policy",
  intro: `${shop.name} ships across India from our kitchen in ${shop.town}, by India Post and courier partners.`,
  sections: [
    {
      heading: "Processing and delivery times",
      blocks: [
        [
          "Orders are processed in 1-2 business days: made or packed fresh, sealed and handed to the carrier.",
          "Delivery takes 5 to 15 business days from dispatch, depending on your pincode.",
          "Business days are Monday to Saturday, excluding public holidays.",
        ],
        "You receive an email when your order is paid; the order status on your dashboard changes as it is prepared, dispatched and delivered.",
      ],
    },
    {
      heading: "Charges",
      blocks: [
        [
          `Postal delivery charges: ${formatRupees(POSTAL_DELIVERY_CHARGE)} per order, anywhere in India.`,
          `Platform fee: ${formatRupees(PLATFORM_FEE)}.`,
          "Product prices already include taxes.",
        ],
      ],
    },
    {
      heading: "Perishable products",
      blocks: [
        "Dry sweets and farsan (ladoo, chakli, chivda, shankarpali) are packed to travel and keep well. Milk sweets and fresh items such as ukadiche modak, pedhe and shrikhand have a short shelf life: check the best-before date on the label as soon as the parcel arrives, refrigerate them if the label says so, and eat them in time.",
        "If you live far from Maharashtra and want fresh items, send us an enquiry first and we will tell you whether they can reach you in good condition.",
      ],
    },
    {
      heading: "Address and delivery problems",
      blocks: [
        "Please give a complete address with landmark and pincode and a mobile number the carrier can call. A parcel returned because of a wrong address or repeated absence can be sent again for another delivery charge.",
        <>
          If your parcel is late or arrives damaged, <GrievanceContact /> on the day it arrives.
        </>,
      ],
    },
  ],
};

export default function ShippingPolicyPage() {
  return <PolicyPage policy={shippingPolicy} />;
}
