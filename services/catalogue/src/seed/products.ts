import type { ProductMarathi } from "@storefront/contracts";
import { type CatalogueProduct, productImagePath } from "../domain/product.js";

type SeedProduct = Pick<CatalogueProduct, "productId" | "name" | "description" | "features" | "prices">;

/**
 * Each product's name and description in Marathi (docs/languages.md): seeded where a product has none yet, so the
 * owner's own wording, once written in the admin, stays.
 */
const MARATHI: Record<string, ProductMarathi> = {
  "ukadiche-modak": {
    name: "उकडीचे मोदक",
    description:
      "ताज्या नारळ-गुळाच्या सारणाने भरलेले, वेलचीचा सुगंध आणि तुपाचा थेंब असलेले तांदळाच्या पिठीचे उकडीचे मोदक. बाप्पांचे आवडते, ऑर्डरप्रमाणे ताजे बनवलेले.",
  },
  "besan-ladoo": {
    name: "बेसन लाडू",
    description: "साजूक तुपात खमंग भाजलेले बेसन, पिठीसाखर, वेलची आणि बदामाचे काप घालून वळलेले लाडू.",
  },
  "kaju-katli": { name: "काजू कतली", description: "तोंडात विरघळणारी, बेताच्या गोडीची काजूची पातळ कतली, चांदीच्या वर्खासह." },
  karanji: {
    name: "करंजी",
    description: "भाजलेले खोबरे, खसखस, सुकामेवा आणि साखरेचे सारण भरलेल्या खुसखुशीत करंज्या. दिवाळीच्या फराळात हव्याच.",
  },
  "puran-poli": {
    name: "पुरणपोळी",
    description: "चणाडाळ-गुळाच्या पुरणाची, जायफळ-वेलचीच्या सुगंधाची मऊ, पातळ पुरणपोळी. तव्यावर गरम करून तुपासोबत खा.",
  },
  shrikhand: { name: "केशर श्रीखंड", description: "साखर, केशर आणि वेलची घालून घोटलेला चक्का, वर पिस्ता. गरम पुरीसोबत उत्तम." },
  anarse: {
    name: "अनारसे",
    description: "भिजवलेले तांदूळ आणि गुळाचे, खसखशीत दाबून मंद आचेवर तळलेले, बाहेरून जाळीदार कुरकुरीत आणि आतून मऊ अनारसे.",
  },
  "rava-ladoo": {
    name: "रवा लाडू",
    description: "तुपात भाजलेला रवा आणि ताजे खोबरे, वेलचीच्या पाकात बांधलेले, काजू-बेदाणे घातलेले लाडू.",
  },
  "til-gul-ladoo": {
    name: "तिळगूळ लाडू",
    description: "भाजलेले तीळ आणि शेंगदाणे गुळात बांधलेले: तिळगूळ घ्या, गोड गोड बोला म्हणत दिला जाणारा संक्रांतीचा गोडवा.",
  },
  "dink-ladoo": {
    name: "डिंकाचे लाडू",
    description: "तुपात फुलवलेला डिंक, कणीक, खजूर, सुके खोबरे आणि भरपूर बदाम-काजू घातलेले हिवाळ्यातले आवडते लाडू.",
  },
  chirote: { name: "चिरोटे", description: "पातळ लाटलेले, तळल्यावर पाकळ्यांसारखे उमलणारे, पिठीसाखर भुरभुरलेले पदरांचे खुसखुशीत चिरोटे." },
  shankarpali: {
    name: "शंकरपाळी",
    description: "तुपात तळलेले, बेताचे गोड, संध्याकाळच्या चहात बुडवून खाण्यासाठी बनवलेले खुसखुशीत शंकरपाळे.",
  },
  "bhajani-chakli": {
    name: "भाजणीची चकली",
    description: "तीळ, ओवा आणि लाल तिखट घातलेल्या भाजलेल्या बहुधान्य भाजणीची कुरकुरीत चकली.",
  },
  "poha-chivda": {
    name: "पोह्यांचा चिवडा",
    description: "भाजलेले शेंगदाणे, डाळं, कढीपत्ता, हळद आणि चिमूटभर साखर घातलेला पातळ पोह्यांचा हलका, कुरकुरीत चिवडा.",
  },
  bakarwadi: {
    name: "बाकरवडी",
    description: "नारळ, तीळ आणि खसखशीच्या आंबट-गोड-तिखट सारणाभोवती गुंडाळलेली पुणेरी पद्धतीची कुरकुरीत बाकरवडी.",
  },
  "tikhat-shev": {
    name: "तिखट शेव",
    description: "तिखट, ओवा आणि हिंग घातलेली बारीक, कुरकुरीत बेसनाची शेव. मूठभर खा किंवा पोहे-मिसळीवर घाला.",
  },
};

/**
 * Tax classes (HSN code at 6 digits, GST rate) in force since 22 September 2025: Notification No. 9/2025-Central
 * Tax (Rate) of 17 September 2025, after the GST Council's 56th meeting, Schedule I (5%):
 *  - sweetmeats (mithai: modak, ladoo, katli, karanji, anarse, chirote, shankarpali), HSN 2106 90: 5%, as before;
 *  - namkeens, bhujia, mixture, chabena and similar ready-to-eat edible preparations (chakli, chivda, bakarwadi,
 *    shev), HSN 2106 90: 12% until 21 September 2025, 5% since;
 *  - pastry and other bakers' wares (puran poli), HSN 1905 90: 18% until 21 September 2025, 5% since;
 *  - shrikhand, a fermented milk preparation, HSN 0403 90: 5%.
 * Seeded only where a product has no class yet: the owner changes `tax` on a product when the law changes.
 */
const SWEETMEAT = { hsn: "210690", gstRatePercent: 5 } as const;
const NAMKEEN = { hsn: "210690", gstRatePercent: 5 } as const;
const BAKERS_WARES = { hsn: "190590", gstRatePercent: 5 } as const;
const FERMENTED_MILK = { hsn: "040390", gstRatePercent: 5 } as const;
const TAX_CLASSES: Record<string, CatalogueProduct["tax"]> = {
  "ukadiche-modak": SWEETMEAT,
  "besan-ladoo": SWEETMEAT,
  "kaju-katli": SWEETMEAT,
  karanji: SWEETMEAT,
  "puran-poli": BAKERS_WARES,
  shrikhand: FERMENTED_MILK,
  anarse: SWEETMEAT,
  "rava-ladoo": SWEETMEAT,
  "til-gul-ladoo": SWEETMEAT,
  "dink-ladoo": SWEETMEAT,
  chirote: SWEETMEAT,
  shankarpali: SWEETMEAT,
  "bhajani-chakli": NAMKEEN,
  "poha-chivda": NAMKEEN,
  bakarwadi: NAMKEEN,
  "tikhat-shev": NAMKEEN,
};

/**
 * The shop's starting catalogue: Maharashtrian sweets and faral (festive snacks), prices in paise for 250 g and
 * 500 g. Inserted only where a product is missing, so the shop owner's later edits always win.
 */
const products: SeedProduct[] = [
  {
    productId: "ukadiche-modak",
    name: "Ukadiche Modak",
    description:
      "Steamed rice-flour dumplings filled with fresh coconut and jaggery, scented with cardamom and finished with a drop of ghee. Bappa's favourite, made fresh to order.",
    features: [
      "Fresh coconut, jaggery, cardamom",
      "Hand-pleated and steamed",
      "About 6 pieces per 250 g",
      "Best within 2 days; keep refrigerated",
    ],
    prices: { "250 Gram": 22000, "500 Gram": 42000 },
  },
  {
    productId: "besan-ladoo",
    name: "Besan Ladoo",
    description:
      "Gram flour slow-roasted in pure ghee until nutty and golden, rolled with powdered sugar, cardamom and slivers of almond.",
    features: [
      "Roasted in pure cow ghee",
      "About 8 pieces per 250 g",
      "Shelf life 15 days in an airtight box",
      "Contains nuts",
    ],
    prices: { "250 Gram": 18000, "500 Gram": 34000 },
  },
  {
    productId: "kaju-katli",
    name: "Kaju Katli",
    description:
      "Thin diamonds of smooth cashew fudge, barely sweet and melt-in-the-mouth, finished with edible silver leaf.",
    features: ["Cashew, sugar, silver varkh", "No added colour", "Shelf life 10 days", "Contains nuts"],
    prices: { "250 Gram": 30000, "500 Gram": 58000 },
  },
  {
    productId: "karanji",
    name: "Karanji",
    description:
      "Crisp half-moon pastries with a crimped edge, stuffed with roasted coconut, poppy seeds, dry fruits and sugar. A Diwali faral must.",
    features: [
      "Dry coconut, khuskhus, cashew, raisins",
      "Fried in ghee",
      "About 7 pieces per 250 g",
      "Shelf life 15 days",
    ],
    prices: { "250 Gram": 18000, "500 Gram": 34000 },
  },
  {
    productId: "puran-poli",
    name: "Puran Poli",
    description:
      "Soft, thin flatbreads filled with chana dal and jaggery puran, fragrant with nutmeg and cardamom. Warm one on a tawa and add a spoon of ghee.",
    features: [
      "Chana dal, jaggery, nutmeg",
      "About 3 polis per 250 g",
      "Best within 4 days; refrigerate after 1 day",
      "Warm before serving",
    ],
    prices: { "250 Gram": 16000, "500 Gram": 30000 },
  },
  {
    productId: "shrikhand",
    name: "Kesar Shrikhand",
    description:
      "Hung curd whipped silky with sugar, saffron and cardamom, topped with pistachio. Lovely with hot puris.",
    features: [
      "Hung curd, saffron, pistachio",
      "Packed in a sealed tub",
      "Keep refrigerated; best within 3 days",
      "Contains milk and nuts",
    ],
    prices: { "250 Gram": 15000, "500 Gram": 28000 },
  },
  {
    productId: "anarse",
    name: "Anarse",
    description:
      "Soaked-rice and jaggery biscuits pressed into poppy seeds and fried slowly, lacy and crisp outside and chewy within.",
    features: [
      "Rice, jaggery, poppy seeds, ghee",
      "Made over three days the traditional way",
      "About 8 pieces per 250 g",
      "Shelf life 20 days",
    ],
    prices: { "250 Gram": 20000, "500 Gram": 38000 },
  },
  {
    productId: "rava-ladoo",
    name: "Rava Ladoo",
    description:
      "Semolina and fresh coconut roasted in ghee, bound with cardamom sugar syrup and studded with cashews and raisins.",
    features: ["Semolina, coconut, cashew, raisins", "About 8 pieces per 250 g", "Shelf life 7 days", "Contains nuts"],
    prices: { "250 Gram": 16000, "500 Gram": 30000 },
  },
  {
    productId: "til-gul-ladoo",
    name: "Til Gul Ladoo",
    description:
      "Roasted sesame and peanuts bound in jaggery: the Makar Sankranti sweet that comes with tilgul ghya, god god bola.",
    features: [
      "Sesame, peanuts, jaggery",
      "About 12 small ladoos per 250 g",
      "Shelf life 30 days",
      "Contains peanuts and sesame",
    ],
    prices: { "250 Gram": 12000, "500 Gram": 22000 },
  },
  {
    productId: "dink-ladoo",
    name: "Dink Ladoo",
    description:
      "A winter favourite of edible gum puffed in ghee with wheat flour, dates, dry coconut and plenty of almonds and cashews.",
    features: ["Edible gum, dates, almonds, cashews", "Sweetened with jaggery", "Shelf life 30 days", "Contains nuts"],
    prices: { "250 Gram": 26000, "500 Gram": 50000 },
  },
  {
    productId: "chirote",
    name: "Chirote",
    description:
      "Flaky layered pastries rolled thin, fried until they open like petals and dusted with powdered sugar.",
    features: [
      "Maida, ghee, powdered sugar",
      "About 6 pieces per 250 g",
      "Shelf life 15 days",
      "Handle gently: very flaky",
    ],
    prices: { "250 Gram": 16000, "500 Gram": 30000 },
  },
  {
    productId: "shankarpali",
    name: "Shankarpali",
    description: "Diamond-cut bites of flaky dough fried in ghee, lightly sweet and made for dunking in evening chai.",
    features: ["Wheat flour, ghee, sugar, milk", "Crisp and lightly sweet", "Shelf life 30 days"],
    prices: { "250 Gram": 11000, "500 Gram": 20000 },
  },
  {
    productId: "bhajani-chakli",
    name: "Bhajani Chakli",
    description: "Crunchy spirals pressed from roasted multigrain bhajani flour with sesame, ajwain and red chilli.",
    features: ["Rice, chana, urad, jowar bhajani", "Sesame, ajwain, chilli", "Shelf life 30 days", "Contains sesame"],
    prices: { "250 Gram": 12000, "500 Gram": 22000 },
  },
  {
    productId: "poha-chivda",
    name: "Poha Chivda",
    description:
      "Thin poha tossed with roasted peanuts, dalia, curry leaves, turmeric and a pinch of sugar: light, crunchy and hard to stop eating.",
    features: [
      "Thin poha, peanuts, dalia, curry leaves",
      "Roasted, not fried",
      "Shelf life 30 days",
      "Contains peanuts",
    ],
    prices: { "250 Gram": 9000, "500 Gram": 17000 },
  },
  {
    productId: "bakarwadi",
    name: "Bakarwadi",
    description:
      "Pune-style spirals of crisp gram-flour pastry rolled around a sweet, tangy and spicy filling of coconut, sesame and poppy seed.",
    features: [
      "Gram flour, coconut, sesame, khuskhus",
      "Sweet, tangy and spicy",
      "Shelf life 45 days",
      "Contains sesame",
    ],
    prices: { "250 Gram": 14000, "500 Gram": 26000 },
  },
  {
    productId: "tikhat-shev",
    name: "Tikhat Shev",
    description:
      "Fine gram-flour sev fried crisp with chilli, ajwain and asafoetida. Eat it by the handful or sprinkle it over poha and misal.",
    features: ["Gram flour, chilli, ajwain, hing", "Spicy", "Shelf life 45 days"],
    prices: { "250 Gram": 8000, "500 Gram": 15000 },
  },
];

/** Units of 250 g per day each seeded product starts with (100 kg): the owner sets the real figure per product. */
const DAILY_UNITS = 400;

/** The starting catalogue with each product's drawing and its place on the home grid (steps of 10 leave room). */
export const startingCatalogue: readonly CatalogueProduct[] = products.map((product, index) => {
  const tax = TAX_CLASSES[product.productId];
  if (!tax) throw new Error(`seed product ${product.productId} has no tax class`);
  const marathi = MARATHI[product.productId];
  if (!marathi) throw new Error(`seed product ${product.productId} has no Marathi name`);
  return {
    ...product,
    marathi,
    image: productImagePath(product.productId),
    displayOrder: (index + 1) * 10,
    tax,
    category: tax === SWEETMEAT || tax === FERMENTED_MILK || tax === BAKERS_WARES ? "Sweets" : "Namkeen",
    // The features say it ("Shelf life 45 days"); two days where they do not (fresh sweets).
    shelfLifeDays: Number(/Shelf life (\d+) days/.exec(product.features.join(" "))?.[1] ?? 2),
    status: "on-sale",
    // What the kitchen makes per day, in units of 250 g: a generous start the owner tunes in the admin.
    dailyUnits: DAILY_UNITS,
    archived: false,
    version: 0,
  };
});
