import { Link } from "@chakra-ui/react";
import { shopIn } from "@storefront/contracts/plain";
import { Link as RouterLink } from "react-router-dom";
import { MAX_UNITS_PER_PRODUCT } from "../../cart/cart-rules";
import { PLATFORM_FEE, POSTAL_DELIVERY_CHARGE } from "../../cart/charges";
import { formatRupees } from "../../contracts";
import { shop } from "../../shop";
import { GrievanceContact } from "./GrievanceContact";
import { PolicyPage, type PolicyTexts } from "./PolicyPage";

/** The shop's name, town, address and hours as each language writes them (docs/shop-details.md). */
const inEnglish = shopIn("en");
const inMarathi = shopIn("mr");

const policyLink = (to: string, label: string) => (
  <Link asChild color="brand.fg" textDecoration="underline">
    <RouterLink to={to}>{label}</RouterLink>
  </Link>
);

const terms: PolicyTexts = {
  en: {
    title: "Terms & Conditions",
    intro: `These terms apply when you browse or buy from the online shop of ${shop.name}, ${inEnglish.address}. By placing an order you accept them.`,
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
            `Delivery: the postal delivery charges of ${formatRupees(POSTAL_DELIVERY_CHARGE)} per order by courier; the shop's own delivery in Wai and nearby at the charge shown for your pincode; pickup at the shop free.`,
            `Platform fee: ${formatRupees(PLATFORM_FEE)}.`,
            "Total pay: item total + delivery + platform fee.",
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
  },
  mr: {
    title: "नियम व अटी",
    intro: `${inMarathi.name}, ${inMarathi.address} यांच्या ऑनलाइन दुकानात पाहणी किंवा खरेदी करताना हे नियम लागू होतात. ऑर्डर देऊन तुम्ही ते स्वीकारता.`,
    sections: [
      {
        heading: "पदार्थ आणि किमती",
        blocks: [
          "आमची मिठाई आणि फरसाण हाताने बनवले जाते, म्हणून रंग, आकार आणि माप फोटोंपेक्षा थोडे वेगळे असू शकते. प्रत्येक पदार्थ 250 ग्रॅम किंवा 500 ग्रॅमच्या पाकिटात त्या वजनासाठी दाखवलेल्या किमतीला विकला जातो.",
          "सर्व किमती भारतीय रुपयांत (INR) असून त्यात कर समाविष्ट आहेत.",
          `एका ऑर्डरमध्ये प्रत्येक पदार्थाचे ${MAX_UNITS_PER_PRODUCT} नगांपर्यंत घेता येतात. जास्त प्रमाणासाठी चौकशी पाठवा, आम्ही केटरिंगची किंमत कळवू.`,
        ],
      },
      {
        heading: "पेमेंट",
        blocks: [
          "आम्ही पेमेंट सेवेमार्फत क्रेडिट आणि डेबिट कार्ड, UPI आणि नेट बँकिंग स्वीकारतो. पेमेंट सेवेने पैसे मिळाल्याची खात्री दिल्यावरच तुमची ऑर्डर निश्चित होते; त्यानंतर तुम्हाला पुष्टीचे पान दिसते आणि पावती डाउनलोड करता येते.",
          [
            "पदार्थांची एकूण किंमत: तुमच्या कार्टमधील पदार्थांची बेरीज.",
            `डिलिव्हरी: कुरिअरने प्रति ऑर्डर ${formatRupees(POSTAL_DELIVERY_CHARGE)} टपाल डिलिव्हरी शुल्क; वाई आणि परिसरात दुकानाची स्वतःची डिलिव्हरी तुमच्या पिनकोडसाठी दाखवलेल्या शुल्कात; दुकानातून पिकअप मोफत.`,
            `प्लॅटफॉर्म शुल्क: ${formatRupees(PLATFORM_FEE)}.`,
            "एकूण देय: पदार्थांची एकूण किंमत + डिलिव्हरी + प्लॅटफॉर्म शुल्क.",
          ],
          "तुमच्या खात्यातून पैसे गेले पण पेमेंटची खात्री आम्हाला मिळाली नाही, तर पेमेंट सेवा ते परत करते, किंवा ते आमच्याकडे पोहोचल्यावर रिफंड धोरणानुसार आम्ही परत करतो.",
        ],
      },
      {
        heading: "तुमचे खाते",
        blocks: [
          "तुम्ही पाहुणे म्हणून किंवा खात्यासह खरेदी करू शकता. तुमचा पासवर्ड कोणालाही सांगू नका; तुमच्या खात्यातून दिलेल्या ऑर्डर तुमच्याच मानल्या जातात. फसवणूक किंवा गैरवापरासाठी वापरलेले खाते आम्ही बंद करू शकतो.",
        ],
      },
      {
        heading: "डिलिव्हरी, रद्द करणे आणि परतावा",
        blocks: [
          <>
            डिलिव्हरीचा वेळ आणि शुल्क {policyLink("/shipping", "डिलिव्हरी धोरणात")} आहेत. ऑर्डर रद्द करणे आणि तक्रारी{" "}
            {policyLink("/cancellationpolicy", "रद्द करण्याच्या धोरणानुसार")} त्याच दिवशी स्वीकारल्या जातात; परतावा आणि रिफंड{" "}
            {policyLink("/returnandrefund", "परतावा आणि रिफंड धोरणानुसार")} होतात.
          </>,
        ],
      },
      {
        heading: "अन्न सुरक्षा",
        blocks: [
          "आमचे पदार्थ नाशवंत आहेत. कृपया लेबलवरील घटक (आमच्या स्वयंपाकघरात दूध, सुकामेवा, तीळ आणि गहू वापरले जातात) आणि उत्तम-वापर तारीख वाचा, सांगितल्याप्रमाणे साठवा आणि वेळेत खा. उत्तम-वापर तारखेनंतर ठेवलेल्या किंवा सूचनांविरुद्ध साठवलेल्या पदार्थांची जबाबदारी आमची नाही.",
        ],
      },
      {
        heading: "जबाबदारी आणि कायदा",
        blocks: [
          "एखाद्या ऑर्डरसाठी आमची जबाबदारी तुम्ही त्या ऑर्डरसाठी भरलेल्या रकमेपुरती मर्यादित आहे. हे नियम भारतीय कायद्यांनुसार आहेत, आणि सातारा, महाराष्ट्र येथील न्यायालयांना अधिकारक्षेत्र आहे.",
          <>
            या नियमांबद्दल प्रश्न: <GrievanceContact />.
          </>,
        ],
      },
    ],
  },
};

export default function TermsPage() {
  return <PolicyPage policy={terms} />;
}
