import { shop } from "../../shop";
import { type Policy, PolicyPage } from "./PolicyPage";

const aboutUs: Policy = {
  title: "About Us",
  intro: `${shop.name} is a family kitchen in ${shop.town}, making the sweets, farsan and festival food of Maharashtra and sending them to homes across India.`,
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
      blocks: [`${shop.address}. ${shop.hours}.`],
    },
  ],
};

export default function AboutUsPage() {
  return <PolicyPage policy={aboutUs} />;
}
