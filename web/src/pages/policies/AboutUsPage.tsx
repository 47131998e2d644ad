import { shopIn } from "@storefront/contracts/plain";
import { shop } from "../../shop";
import { PolicyPage, type PolicyTexts } from "./PolicyPage";

/** The shop's name, town, address and hours as each language writes them (docs/shop-details.md). */
const inEnglish = shopIn("en");
const inMarathi = shopIn("mr");

const aboutUs: PolicyTexts = {
  en: {
    title: "About Us",
    intro: `${shop.name} is a family kitchen in ${inEnglish.town}, making the sweets, farsan and festival food of Maharashtra and sending them to homes across India.`,
    sections: [
      {
        heading: "Our kitchen",
        blocks: [
          "We cook in small batches, the way it is done at home: groundnut oil and pure ghee, jaggery from Satara district, freshly roasted bhajani flour, and no artificial colours.",
          "Every box is packed on the day it ships, sealed, and labelled with what is inside and when it is best eaten.",
        ],
      },
      {
        heading: "What we make",
        blocks: [
          [
            "Sweets: ukadiche and fried modak, besan and rava ladoo, til-gul, puran poli, pedhe, shrikhand and karanji.",
            "Farsan: bhajani chakli, poha and makhana chivda, shankarpali, shev, kadboli and bakarwadi.",
            "Festival boxes: Diwali faral, Sankranti til-gul, Ganeshotsav modak and Gudi Padwa hampers.",
            "Catering supplies: bulk snacks and sweets for weddings, pujas, office functions and return gifts.",
          ],
          "Most items come in 250 Gram and 500 Gram packs; for larger quantities, send us a message from the home page.",
        ],
      },
      {
        heading: "Catering and bulk orders",
        blocks: [
          "For a function, tell us the date, the number of guests and what you have in mind. We will suggest quantities, confirm a price and plan delivery or pick-up from the shop in Wai.",
        ],
      },
      {
        heading: "Visit us",
        blocks: [`${inEnglish.address}. ${inEnglish.hours}.`],
      },
    ],
  },
  mr: {
    title: "आमच्याबद्दल",
    intro: `${inMarathi.name} हे ${inMarathi.town} येथील एक घरगुती स्वयंपाकघर आहे. आम्ही महाराष्ट्रातील मिठाई, फरसाण आणि सणांचे पदार्थ बनवतो आणि भारतभरातील घरांपर्यंत पोहोचवतो.`,
    sections: [
      {
        heading: "आमचे स्वयंपाकघर",
        blocks: [
          "आम्ही घरी करतात तसे थोड्या थोड्या प्रमाणात पदार्थ बनवतो: शेंगदाणा तेल आणि साजूक तूप, सातारा जिल्ह्यातील गूळ, ताजी भाजलेली भाजणी, आणि कोणतेही कृत्रिम रंग नाहीत.",
          "प्रत्येक डबा पाठवण्याच्या दिवशीच पॅक होतो, बंद केला जातो, आणि त्यावर आत काय आहे आणि ते केव्हापर्यंत उत्तम खाता येईल हे लिहिलेले असते.",
        ],
      },
      {
        heading: "आम्ही काय बनवतो",
        blocks: [
          [
            "मिठाई: उकडीचे आणि तळलेले मोदक, बेसन आणि रवा लाडू, तिळगूळ, पुरणपोळी, पेढे, श्रीखंड आणि करंजी.",
            "फरसाण: भाजणीची चकली, पोहे आणि मखाण्याचा चिवडा, शंकरपाळी, शेव, कडबोळी आणि बाकरवडी.",
            "सणांचे डबे: दिवाळीचा फराळ, संक्रांतीचा तिळगूळ, गणेशोत्सवाचे मोदक आणि गुढीपाडव्याच्या भेटी.",
            "केटरिंग साहित्य: लग्न, पूजा, ऑफिसचे कार्यक्रम आणि भेटवस्तूंसाठी मोठ्या प्रमाणात फराळ आणि मिठाई.",
          ],
          "बहुतेक पदार्थ 250 ग्रॅम आणि 500 ग्रॅमच्या पाकिटात मिळतात; जास्त प्रमाणासाठी मुख्यपृष्ठावरून आम्हाला संदेश पाठवा.",
        ],
      },
      {
        heading: "केटरिंग आणि मोठ्या ऑर्डर",
        blocks: [
          "समारंभासाठी तारीख, पाहुण्यांची संख्या आणि तुमच्या मनात काय आहे ते सांगा. आम्ही प्रमाण सुचवू, किंमत निश्चित करू आणि डिलिव्हरी किंवा वाईतील दुकानातून घेऊन जाण्याचे नियोजन करू.",
        ],
      },
      {
        heading: "भेट द्या",
        blocks: [`${inMarathi.address}. ${inMarathi.hours} (भारतीय वेळ).`],
      },
    ],
  },
};

export default function AboutUsPage() {
  return <PolicyPage policy={aboutUs} />;
}
