import { shop } from "../../shop";
import { GrievanceContact } from "./GrievanceContact";
import { type Policy, PolicyPage } from "./PolicyPage";

const privacyPolicy: Policy = {
  title: "Privacy Policy",
  intro: `This policy explains what ${shop.name} keeps about you, why, and what you can ask us to do with it. It follows the Information Technology Act, 2000 and the Digital Personal Data Protection Act, 2023.`,
  sections: [
    {
      heading: "What we keep",
      blocks: [
        [
          "Your name, email address and mobile number, when you sign up, check out as a guest or send us a message.",
          "Your shipping addresses (address line, landmark, road, area, city, district, state and pincode).",
          "Your orders: what you bought, the amounts, the order and payment status, and the payment provider's transaction reference.",
          "Messages you send through the enquiry form.",
          "Your password, stored only as a one-way hash that nobody, including us, can read back.",
        ],
      ],
    },
    {
      heading: "Card and bank details never reach us",
      blocks: [
        "Payments by card, UPI or net banking are made on the hosted page of our payment provider. Your card number, CVV, UPI PIN and bank passwords are entered there and never pass through or stay on our servers. We receive only whether the payment succeeded, the amount and a transaction reference.",
      ],
    },
    {
      heading: "Why we keep it",
      blocks: [
        [
          "To prepare, ship and deliver your order and send you its confirmation and receipt.",
          "To verify your email address with a one-time password and to let you reset a forgotten password.",
          "To answer your enquiries and complaints.",
          "To meet our tax and accounting duties under Indian law.",
        ],
        "We do not sell your data and we do not send marketing messages unless you ask for them.",
      ],
    },
    {
      heading: "Cookies and browser storage",
      blocks: [
        "We use no advertising or tracking cookies. The shop keeps a few things in your own browser's local storage so it works as you expect:",
        [
          "your cart and its order id, so the cart is still there when you come back;",
          "your sign-in token and email while you are signed in (removed when you sign out);",
          "your details during a guest checkout, until the order is complete.",
        ],
        "You can clear these at any time from your browser's settings; your cart will then be empty.",
      ],
    },
    {
      heading: "Who else sees it",
      blocks: [
        [
          "The payment provider, to take your payment.",
          "India Post or our courier partner, who need your name, address and mobile number to deliver.",
          "Our email service, to send you one-time passwords, confirmations and receipts.",
          "Authorities, only when Indian law requires it.",
        ],
      ],
    },
    {
      heading: "How long we keep it",
      blocks: [
        "Order and payment records are kept for eight years, as Indian tax law requires. Enquiries are deleted after two years. Account details are kept while your account is open; ask us and we will close it and erase what the law lets us erase.",
      ],
    },
    {
      heading: "Your rights",
      blocks: [
        "You may ask to see, correct or erase your personal data, or withdraw a consent you gave. Saved addresses can be changed from your dashboard at any time.",
      ],
    },
    {
      heading: "Grievances",
      blocks: [
        <>
          For any question or grievance about your data, <GrievanceContact />, addressed to our Grievance Officer. We
          acknowledge within 48 hours and resolve within 30 days.
        </>,
      ],
    },
  ],
};

export default function PrivacyPolicyPage() {
  return <PolicyPage policy={privacyPolicy} />;
}
