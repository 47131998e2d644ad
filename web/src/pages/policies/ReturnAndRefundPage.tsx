import { GrievanceContact } from "./GrievanceContact";
import { PolicyPage, type PolicyTexts } from "./PolicyPage";

const returnAndRefund: PolicyTexts = {
  en: {
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
            To request a return, <GrievanceContact /> with your order id and photographs of the box and the product.
            Keep the product and its packing until we reply.
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
  },
  mr: {
    title: "परतावा आणि रिफंड धोरण",
    intro:
      "मिठाई आणि फराळ नाशवंत असतात, म्हणून मत बदलले म्हणून पदार्थ परत घेता येत नाहीत. तुमच्या ऑर्डरमध्ये काही चुकले असेल तर आम्ही ते दुरुस्त करतो.",
    sections: [
      {
        heading: "परतावा",
        blocks: [
          "डिलिव्हरीनंतर 1 दिवसाच्या आत परतावा मागता येतो, फक्त जेव्हा पदार्थ:",
          [
            "खराब किंवा बिघडलेला आला;",
            "तुम्ही मागवलेला नाही (वेगळा पदार्थ किंवा वजन);",
            "पोहोचताना त्याची उत्तम-वापर तारीख उलटून गेली होती.",
          ],
          <>
            परतावा मागण्यासाठी तुमच्या ऑर्डर क्रमांकासह आणि डब्याच्या व पदार्थाच्या फोटोंसह <GrievanceContact />. आमचे उत्तर येईपर्यंत
            पदार्थ आणि त्याचे पॅकिंग जपून ठेवा.
          </>,
          "उघडलेले किंवा थोडे खाल्लेले पदार्थ, आणि लेबलवरील साठवणुकीच्या सूचनांबाहेर ठेवलेले पदार्थ, पोहोचतानाच सदोष नसल्यास परत घेता येत नाहीत.",
        ],
      },
      {
        heading: "रिफंड",
        blocks: [
          "आम्ही रिफंड मंजूर केल्यावर तो 6-8 दिवसांत मूळ पेमेंट पद्धतीत (कार्ड, UPI किंवा नेट बँकिंग) जमा होतो.",
          "आम्ही पदार्थ परत पाठवायला सांगितल्यास, तो आमच्याकडे पोहोचून तपासल्यानंतर 5 ते 7 कामकाजाच्या दिवसांत रिफंड केला जातो.",
          "पदार्थ बदलून देता येत असल्यास, रिफंडऐवजी तुम्ही बदली निवडू शकता. संपूर्ण ऑर्डर चुकीची किंवा खराब असल्यास टपाल डिलिव्हरी शुल्कही परत केले जाते.",
        ],
      },
    ],
  },
};

export default function ReturnAndRefundPage() {
  return <PolicyPage policy={returnAndRefund} />;
}
