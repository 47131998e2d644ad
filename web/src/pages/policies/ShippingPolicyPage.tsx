import { PLATFORM_FEE, POSTAL_DELIVERY_CHARGE } from "../../cart/charges";
import { formatRupees } from "../../contracts";
import { shop } from "../../shop";
import { GrievanceContact } from "./GrievanceContact";
import { PolicyPage, type PolicyTexts } from "./PolicyPage";

const shippingPolicy: PolicyTexts = {
  en: {
    title: "Shipping Policy",
    intro: `${shop.name} ships across India from our kitchen in Wai, Satara district, Maharashtra, by India Post and courier partners.`,
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
  },
  mr: {
    title: "डिलिव्हरी धोरण",
    intro: `${shop.name} वाई, सातारा जिल्हा, महाराष्ट्र येथील आमच्या स्वयंपाकघरातून इंडिया पोस्ट आणि कुरिअर भागीदारांमार्फत भारतभर पाठवते.`,
    sections: [
      {
        heading: "तयारी आणि डिलिव्हरीचा वेळ",
        blocks: [
          [
            "ऑर्डर 1-2 कामकाजाच्या दिवसांत तयार होते: ताजी बनवून किंवा पॅक करून, बंद करून वाहकाकडे दिली जाते.",
            "रवाना झाल्यापासून तुमच्या पिनकोडनुसार डिलिव्हरीला 5 ते 15 कामकाजाचे दिवस लागतात.",
            "कामकाजाचे दिवस म्हणजे सोमवार ते शनिवार, सार्वजनिक सुट्ट्या सोडून.",
          ],
          "तुमच्या ऑर्डरचे पैसे भरल्यावर तुम्हाला ईमेल येतो; ऑर्डर तयार होते, रवाना होते आणि पोहोचते तशी तुमच्या डॅशबोर्डवरील स्थिती बदलते.",
        ],
      },
      {
        heading: "शुल्क",
        blocks: [
          [
            `टपाल डिलिव्हरी शुल्क: भारतात कुठेही प्रति ऑर्डर ${formatRupees(POSTAL_DELIVERY_CHARGE)}.`,
            `प्लॅटफॉर्म शुल्क: ${formatRupees(PLATFORM_FEE)}.`,
            "पदार्थांच्या किमतींमध्ये कर आधीच समाविष्ट आहेत.",
          ],
        ],
      },
      {
        heading: "नाशवंत पदार्थ",
        blocks: [
          "कोरडी मिठाई आणि फरसाण (लाडू, चकली, चिवडा, शंकरपाळी) प्रवासासाठी पॅक केले जातात आणि चांगले टिकतात. दुधाची मिठाई आणि उकडीचे मोदक, पेढे, श्रीखंड यांसारखे ताजे पदार्थ कमी दिवस टिकतात: पार्सल येताच लेबलवरील उत्तम-वापर तारीख तपासा, लेबलवर सांगितले असल्यास फ्रीजमध्ये ठेवा, आणि वेळेत खा.",
          "तुम्ही महाराष्ट्रापासून दूर राहत असाल आणि ताजे पदार्थ हवे असतील, तर आधी चौकशी पाठवा; ते चांगल्या स्थितीत पोहोचू शकतील का ते आम्ही सांगू.",
        ],
      },
      {
        heading: "पत्ता आणि डिलिव्हरीच्या अडचणी",
        blocks: [
          "कृपया खूण आणि पिनकोडसह पूर्ण पत्ता आणि वाहक फोन करू शकेल असा मोबाइल नंबर द्या. चुकीच्या पत्त्यामुळे किंवा वारंवार गैरहजेरीमुळे परत आलेले पार्सल पुन्हा डिलिव्हरी शुल्क घेऊन पाठवता येते.",
          <>
            पार्सल उशिरा आले किंवा खराब आले तर, ते आले त्याच दिवशी <GrievanceContact />.
          </>,
        ],
      },
    ],
  },
};

export default function ShippingPolicyPage() {
  return <PolicyPage policy={shippingPolicy} />;
}
