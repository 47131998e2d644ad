import { shopIn } from "@storefront/contracts/plain";
import { shop } from "../../shop";
import { GrievanceContact } from "./GrievanceContact";
import { PolicyPage, type PolicyTexts } from "./PolicyPage";

/** The shop's name, town, address and hours as each language writes them (docs/shop-details.md). */
const inMarathi = shopIn("mr");

const privacyPolicy: PolicyTexts = {
  en: {
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
          "We use no advertising or tracking cookies. The shop keeps a few things in your own browser so it works as you expect:",
          [
            "your cart and its order id, so the cart is still there when you come back;",
            "your sign-in token and email while you are signed in (removed when you sign out);",
            "your details during a guest checkout, until the order is complete;",
            "the language you chose (one cookie), so the shop's address opens the shop in it.",
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
  },
  mr: {
    title: "गोपनीयता धोरण",
    intro: `${inMarathi.name} तुमच्याबद्दल काय माहिती ठेवते, का ठेवते, आणि त्याबद्दल तुम्ही आम्हाला काय करायला सांगू शकता हे हे धोरण सांगते. ते माहिती तंत्रज्ञान कायदा, 2000 आणि डिजिटल वैयक्तिक माहिती संरक्षण कायदा, 2023 यांचे पालन करते.`,
    sections: [
      {
        heading: "आम्ही काय ठेवतो",
        blocks: [
          [
            "तुम्ही नोंदणी करता, पाहुणे म्हणून खरेदी करता किंवा संदेश पाठवता तेव्हा तुमचे नाव, ईमेल आणि मोबाइल नंबर.",
            "तुमचे डिलिव्हरीचे पत्ते (पत्ता, खूण, रस्ता, भाग, शहर, जिल्हा, राज्य आणि पिनकोड).",
            "तुमच्या ऑर्डर: तुम्ही काय घेतले, रक्कम, ऑर्डर आणि पेमेंटची स्थिती, आणि पेमेंट सेवेचा व्यवहार संदर्भ.",
            "चौकशी फॉर्ममधून तुम्ही पाठवलेले संदेश.",
            "तुमचा पासवर्ड, फक्त एकतर्फी हॅश म्हणून, जो आम्हीसुद्धा वाचू शकत नाही.",
          ],
        ],
      },
      {
        heading: "कार्ड आणि बँकेचे तपशील आमच्यापर्यंत कधीच येत नाहीत",
        blocks: [
          "कार्ड, UPI किंवा नेट बँकिंगने पेमेंट आमच्या पेमेंट सेवेच्या पानावर होते. तुमचा कार्ड नंबर, CVV, UPI PIN आणि बँकेचे पासवर्ड तिथे लिहिले जातात आणि आमच्या सर्व्हरमधून कधीच जात नाहीत किंवा तिथे राहत नाहीत. आम्हाला फक्त पेमेंट यशस्वी झाले की नाही, रक्कम आणि व्यवहार संदर्भ मिळतो.",
        ],
      },
      {
        heading: "आम्ही ते का ठेवतो",
        blocks: [
          [
            "तुमची ऑर्डर तयार करून पाठवण्यासाठी आणि पोहोचवण्यासाठी, आणि तिची पुष्टी व पावती पाठवण्यासाठी.",
            "एकदाच वापरायच्या पासवर्डने (OTP) तुमचा ईमेल पडताळण्यासाठी आणि विसरलेला पासवर्ड रीसेट करू देण्यासाठी.",
            "तुमच्या चौकशी आणि तक्रारींना उत्तर देण्यासाठी.",
            "भारतीय कायद्यानुसार आमची कर आणि लेखा कर्तव्ये पार पाडण्यासाठी.",
          ],
          "आम्ही तुमची माहिती विकत नाही, आणि तुम्ही मागितल्याशिवाय जाहिरातींचे संदेश पाठवत नाही.",
        ],
      },
      {
        heading: "कुकीज आणि ब्राउझरमधील साठवण",
        blocks: [
          "आम्ही जाहिरात किंवा मागोवा घेणाऱ्या कुकीज वापरत नाही. दुकान अपेक्षेप्रमाणे चालावे म्हणून काही गोष्टी तुमच्याच ब्राउझरमध्ये ठेवल्या जातात:",
          [
            "तुमची कार्ट आणि तिचा ऑर्डर क्रमांक, म्हणजे परत आल्यावर कार्ट तशीच असते;",
            "तुम्ही लॉगिन असताना तुमचा लॉगिन टोकन आणि ईमेल (बाहेर पडल्यावर काढले जातात);",
            "पाहुणे म्हणून खरेदी करताना, ऑर्डर पूर्ण होईपर्यंत तुमचे तपशील;",
            "तुम्ही निवडलेली भाषा (एक कुकी), म्हणजे दुकानाचा पत्ता उघडल्यावर त्याच भाषेत दुकान दिसते.",
          ],
          "हे तुम्ही कधीही ब्राउझरच्या सेटिंगमधून काढू शकता; मग तुमची कार्ट रिकामी होईल.",
        ],
      },
      {
        heading: "ही माहिती आणखी कोण पाहते",
        blocks: [
          [
            "तुमचे पेमेंट घेण्यासाठी पेमेंट सेवा.",
            "डिलिव्हरीसाठी तुमचे नाव, पत्ता आणि मोबाइल नंबर लागणारे इंडिया पोस्ट किंवा आमचे कुरिअर भागीदार.",
            "OTP, पुष्टी आणि पावत्या पाठवण्यासाठी आमची ईमेल सेवा.",
            "भारतीय कायद्याने आवश्यक असेल तेव्हाच शासकीय यंत्रणा.",
          ],
        ],
      },
      {
        heading: "आम्ही ती किती काळ ठेवतो",
        blocks: [
          "भारतीय कर कायद्यानुसार ऑर्डर आणि पेमेंटच्या नोंदी आठ वर्षे ठेवल्या जातात. चौकशी दोन वर्षांनी काढून टाकल्या जातात. खाते उघडे असेपर्यंत खात्याचे तपशील ठेवले जातात; तुम्ही सांगितल्यास आम्ही ते बंद करू आणि कायद्याने परवानगी असलेली माहिती पुसून टाकू.",
        ],
      },
      {
        heading: "तुमचे हक्क",
        blocks: [
          "तुम्ही तुमची वैयक्तिक माहिती पाहणे, दुरुस्त करणे किंवा पुसणे, किंवा दिलेली संमती मागे घेणे मागू शकता. जतन केलेले पत्ते तुमच्या डॅशबोर्डवरून कधीही बदलता येतात.",
        ],
      },
      {
        heading: "तक्रारी",
        blocks: [
          <>
            तुमच्या माहितीबद्दल कोणत्याही प्रश्नासाठी किंवा तक्रारीसाठी, आमच्या तक्रार निवारण अधिकाऱ्याच्या नावे <GrievanceContact />
            . आम्ही 48 तासांत पोच देतो आणि 30 दिवसांत निवारण करतो.
          </>,
        ],
      },
    ],
  },
};

export default function PrivacyPolicyPage() {
  return <PolicyPage policy={privacyPolicy} />;
}
