import { shopIn } from "@storefront/contracts/plain";
import { PLATFORM_FEE, POSTAL_DELIVERY_CHARGE } from "../../cart/charges";
import { formatRupees } from "../../contracts";
import { shop } from "../../shop";
import { GrievanceContact } from "./GrievanceContact";
import { PolicyPage, type PolicyTexts } from "./PolicyPage";

/** The shop's name, town, address and hours as each language writes them (docs/shop-details.md). */
const inEnglish = shopIn("en");
const inMarathi = shopIn("mr");

const shippingPolicy: PolicyTexts = {
  en: {
    title: "Shipping Policy",
    intro: `${shop.name} cooks in ${inEnglish.town}. An order reaches you in one of three ways, and the pincode you give on the home page or in the cart tells you which ones are open to you.`,
    sections: [
      {
        heading: "Three ways to get your order",
        blocks: [
          [
            "Delivery by the shop: in Wai and nearby, our own delivery brings the order on the date and in the time slot you choose at payment, fresh sweets included. Its charge, and the amount above which it is free, are shown when you check your pincode.",
            `Pickup at the shop: free. Collect the order on the date and in the slot you choose, at ${inEnglish.address} (${inEnglish.hours}).`,
            `Courier (postal delivery): anywhere else in India, ${formatRupees(POSTAL_DELIVERY_CHARGE)} per order, 5 to 15 business days from dispatch. Only dry snacks and supplies travel this way: fresh sweets are for Wai and nearby.`,
          ],
        ],
      },
      {
        heading: "Processing and delivery times",
        blocks: [
          [
            "Orders are processed in 1-2 business days: made or packed fresh, sealed and handed to the carrier.",
            "By courier, delivery takes 5 to 15 business days from dispatch, depending on your pincode; the shop's own delivery and pickup keep the date and slot you chose.",
            "Business days are Monday to Saturday, excluding public holidays.",
          ],
          "You receive an email when your order is paid; the order status on your dashboard changes as it is prepared, dispatched and delivered.",
        ],
      },
      {
        heading: "Charges",
        blocks: [
          [
            `Postal delivery charges (courier): ${formatRupees(POSTAL_DELIVERY_CHARGE)} per order, anywhere in India.`,
            "Delivery by the shop: as shown for your pincode; pickup at the shop: free.",
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
    intro: `${inMarathi.name} ${inMarathi.town} येथे पदार्थ बनवते. ऑर्डर तुमच्यापर्यंत तीनपैकी एका मार्गाने पोहोचते, आणि मुख्य पानावर किंवा कार्टमध्ये दिलेल्या पिनकोडवरून तुमच्यासाठी कोणते मार्ग खुले आहेत ते कळते.`,
    sections: [
      {
        heading: "ऑर्डर मिळवण्याचे तीन मार्ग",
        blocks: [
          [
            "दुकानाची स्वतःची डिलिव्हरी: वाई आणि परिसरात आमची डिलिव्हरी पेमेंटच्या वेळी तुम्ही निवडलेल्या तारखेला आणि वेळेत ऑर्डर पोहोचवते, ताज्या मिठाईसह. तिचे शुल्क, आणि किती रकमेवर ती मोफत आहे, ते पिनकोड तपासल्यावर दिसते.",
            `दुकानातून पिकअप: मोफत. तुम्ही निवडलेल्या तारखेला आणि वेळेत ${inMarathi.address} येथून ऑर्डर घ्या (${inMarathi.hours}).`,
            `कुरिअर (टपाल डिलिव्हरी): भारतात इतर कुठेही, प्रति ऑर्डर ${formatRupees(POSTAL_DELIVERY_CHARGE)}, रवाना झाल्यापासून 5 ते 15 कामकाजाचे दिवस. या मार्गाने फक्त कोरडा फराळ आणि साहित्य जाते: ताजी मिठाई फक्त वाई आणि परिसरासाठी आहे.`,
          ],
        ],
      },
      {
        heading: "तयारी आणि डिलिव्हरीचा वेळ",
        blocks: [
          [
            "ऑर्डर 1-2 कामकाजाच्या दिवसांत तयार होते: ताजी बनवून किंवा पॅक करून, बंद करून वाहकाकडे दिली जाते.",
            "कुरिअरने, रवाना झाल्यापासून तुमच्या पिनकोडनुसार डिलिव्हरीला 5 ते 15 कामकाजाचे दिवस लागतात; दुकानाची डिलिव्हरी आणि पिकअप तुम्ही निवडलेली तारीख आणि वेळ पाळतात.",
            "कामकाजाचे दिवस म्हणजे सोमवार ते शनिवार, सार्वजनिक सुट्ट्या सोडून.",
          ],
          "तुमच्या ऑर्डरचे पैसे भरल्यावर तुम्हाला ईमेल येतो; ऑर्डर तयार होते, रवाना होते आणि पोहोचते तशी तुमच्या डॅशबोर्डवरील स्थिती बदलते.",
        ],
      },
      {
        heading: "शुल्क",
        blocks: [
          [
            `टपाल डिलिव्हरी शुल्क (कुरिअर): भारतात कुठेही प्रति ऑर्डर ${formatRupees(POSTAL_DELIVERY_CHARGE)}.`,
            "दुकानाची डिलिव्हरी: तुमच्या पिनकोडसाठी दाखवल्याप्रमाणे; दुकानातून पिकअप: मोफत.",
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
