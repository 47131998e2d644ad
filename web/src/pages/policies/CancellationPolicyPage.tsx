import { shopIn } from "@storefront/contracts/plain";
import { shop } from "../../shop";
import { GrievanceContact } from "./GrievanceContact";
import { PolicyPage, type PolicyTexts } from "./PolicyPage";

/** The shop's name, town, address and hours as each language writes them (docs/shop-details.md). */
const inMarathi = shopIn("mr");

const cancellationPolicy: PolicyTexts = {
  en: {
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
  },
  mr: {
    title: "ऑर्डर रद्द करण्याचे धोरण",
    intro: `आमची मिठाई ऑर्डरप्रमाणे बनवली जाते आणि ताजी पॅक केली जाते, म्हणून ${inMarathi.name} ऑर्डर रद्द करणे आणि तक्रारी त्याच दिवशी स्वीकारते.`,
    sections: [
      {
        heading: "ऑर्डर रद्द करणे",
        blocks: [
          "ऑर्डर दिलेल्या दिवशीच, ती रवाना झालेली नसेल तोपर्यंत तुम्ही ती रद्द करू शकता. तो दिवस गेल्यावर, किंवा ऑर्डर रवाना झाल्यावर, ती रद्द करता येत नाही.",
          <>
            रद्द करण्यासाठी तुमच्या ऑर्डर क्रमांकासह <GrievanceContact />.
          </>,
        ],
      },
      {
        heading: "तक्रारी",
        blocks: [
          "तुमची ऑर्डर खराब, बिघडलेली किंवा तुम्ही मागवलेल्यापेक्षा वेगळी आली तर, डिलिव्हरीच्याच दिवशी डब्याच्या आणि पदार्थाच्या फोटोंसह आम्हाला कळवा. नंतर केलेल्या तक्रारी स्वीकारता येत नाहीत, कारण पदार्थ कसा ठेवला गेला हे आम्हाला कळू शकत नाही.",
        ],
      },
      {
        heading: "रद्द झालेल्या ऑर्डरचा रिफंड",
        blocks: [
          "स्वीकारलेली रद्द ऑर्डर 6-8 दिवसांत मूळ पेमेंट पद्धतीत (कार्ड, UPI किंवा नेट बँकिंग) पूर्ण परत केली जाते. ती तुमच्या खात्यात किती लवकर दिसेल हे तुमच्या बँकेवर अवलंबून आहे.",
        ],
      },
      {
        heading: "आम्ही ऑर्डर रद्द करतो तेव्हा",
        blocks: [
          "क्वचित, आम्हालाच ऑर्डर रद्द करावी लागू शकते, उदाहरणार्थ एखादा पदार्थ वेळेत ताजा बनवता येत नसेल किंवा पत्त्यावर पोहोचवता येत नसेल. आम्ही लगेच कळवू आणि 6-8 दिवसांत पूर्ण रक्कम परत करू.",
        ],
      },
    ],
  },
};

export default function CancellationPolicyPage() {
  return <PolicyPage policy={cancellationPolicy} />;
}
