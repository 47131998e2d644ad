import {
  type FulfilmentStatus,
  formattingLocale,
  indiaDayLabel,
  inLanguage,
  type Language,
  type OrderDelivery,
  shopIn,
} from "@storefront/contracts";

/**
 * How an order reaches its shopper decides every word a mail says about it (docs/delivery.md): the shop's own
 * delivery in Wai and nearby comes on a date and in a slot, a pickup is collected at the shop in its window, a
 * courier order goes by post in 5 to 15 business days (the spec's shipping policy). One table per language, so a
 * status mail can never tell a Wai slot delivery that it is "with India Post", nor a pickup shopper "Delivery to"
 * their own address.
 */
export type FulfilmentKind = OrderDelivery["kind"];

/** An order without a delivery (placed before zones existed, or through the spec's API) goes by courier, as the spec's. */
export const kindOf = (delivery: OrderDelivery | undefined): FulfilmentKind => delivery?.kind ?? "courier";

/** What the mails say about how an order comes, in one language. */
export interface FulfilmentWords {
  kind: FulfilmentKind;
  /** The confirmation's charge row: the spec's "Postal delivery" for a courier, what it is for the others. */
  chargeRow: string;
  /** The address block's label, and its address: the shopper's, or the shop's for a pickup. */
  placeLabel: string;
  place: (shippingAddress: string) => string;
  /** When and how it comes, for the confirmation and the cash-on-delivery confirmation. */
  promise: string[];
  /** The cash-on-delivery mail: when the cash is paid. */
  keepCashReady: (amount: string) => string;
  /** The status mails' subjects and lines (PAID has none: the confirmation said it). */
  status: Partial<Record<FulfilmentStatus, { subject: string; lines: string[] }>>;
}

/** The zone, the day and the slot in the mail's language (the owner's Marathi names on Marathi mails). */
function whenOf(delivery: OrderDelivery | undefined, language: Language) {
  const locale = formattingLocale(language);
  const day = delivery?.date ? indiaDayLabel(delivery.date, locale) : undefined;
  const slot = delivery?.slotLabel ? inLanguage(delivery.slotLabel, delivery.slotLabelMr, locale) : undefined;
  return {
    zone: delivery ? inLanguage(delivery.name, delivery.nameMr, locale) : undefined,
    slot,
    /** "Wed, 25 Nov, 5 pm - 8 pm", or what of it the order has. */
    daySlot: [day, slot].filter(Boolean).join(", "),
  };
}

type When = ReturnType<typeof whenOf>;

const DELIVERED_EN = [
  "Your order has been delivered. We hope you enjoy every bite!",
  "If anything is not right, please tell us the same day: reply to this email or call us.",
];
const WAITING_EN = {
  subject: "is confirmed and in the queue",
  lines: ["Your order is confirmed and waiting for its turn in our kitchen. We will write again when we start on it."],
};
const FRESH_FOR_THE_DAY_EN = "We have started preparing your order. Everything is made fresh for the day you chose.";

const ENGLISH: Record<FulfilmentKind, (when: When) => Omit<FulfilmentWords, "kind">> = {
  local: (when) => ({
    chargeRow: when.zone ? `Delivery (${when.zone})` : "Delivery",
    placeLabel: "Delivery to:",
    place: (address) => address,
    promise: [
      when.daySlot
        ? `We deliver it ourselves on ${when.daySlot}.`
        : "We deliver it ourselves, and call you before we come.",
    ],
    keepCashReady: (amount) => `Please, keep ${amount} ready in cash for the delivery.`,
    status: {
      Waiting: WAITING_EN,
      Preparing: {
        subject: "is being prepared",
        lines: [FRESH_FOR_THE_DAY_EN, "We will write again as soon as it is out for delivery."],
      },
      Dispatched: {
        subject: "is out for delivery",
        lines: [
          `Your order has left our shop in Wai and is out for delivery today${when.slot ? `, ${when.slot}` : ""}.`,
          "Our delivery person calls you before coming: please keep your phone at hand.",
        ],
      },
      Delivered: { subject: "has been delivered", lines: DELIVERED_EN },
    },
  }),
  pickup: (when) => {
    const shop = shopIn("en");
    const at = `${shop.address}${when.daySlot ? `, on ${when.daySlot}` : ""}`;
    return {
      chargeRow: "Pickup at our shop",
      placeLabel: "Collect it at:",
      place: () => shop.address,
      promise: [`Collect it at our shop, ${at}.`, `We are open ${shop.hours}.`],
      keepCashReady: (amount) => `Please, keep ${amount} ready in cash when you collect it.`,
      status: {
        Waiting: WAITING_EN,
        Preparing: {
          subject: "is being prepared",
          lines: [FRESH_FOR_THE_DAY_EN, "We will write again as soon as it is ready for pickup."],
        },
        Dispatched: {
          subject: "is ready for pickup",
          lines: [
            `Your order is packed and ready for pickup at our shop, ${at}.`,
            `We are open ${shop.hours}. Please tell us your order id when you come.`,
          ],
        },
        Delivered: {
          subject: "has been collected",
          lines: [
            "You have collected your order. We hope you enjoy every bite!",
            "If anything is not right, please tell us the same day: reply to this email or call us.",
          ],
        },
      },
    };
  },
  courier: () => ({
    chargeRow: "Postal delivery",
    placeLabel: "Delivery to:",
    place: (address) => address,
    promise: ["It comes by post: orders usually arrive within 5 to 15 business days, depending on your pincode."],
    keepCashReady: (amount) => `Please, keep ${amount} ready in cash for the delivery.`,
    status: {
      Waiting: WAITING_EN,
      Preparing: {
        subject: "is being prepared",
        lines: [
          "We have started preparing your order. Everything is made fresh, so it takes us 1-2 business days.",
          "We will write again as soon as it is on its way.",
        ],
      },
      Dispatched: {
        subject: "is on its way",
        lines: [
          "Your order has left our shop in Wai and is with India Post.",
          "Orders usually arrive within 5 to 15 business days, depending on your pincode.",
        ],
      },
      Delivered: { subject: "has been delivered", lines: DELIVERED_EN },
    },
  }),
};

const DELIVERED_MR = [
  "तुमची ऑर्डर पोहोचली आहे. प्रत्येक घास तुम्हाला आवडेल अशी आशा!",
  "काही चुकले असल्यास कृपया त्याच दिवशी कळवा: या ईमेलला उत्तर द्या किंवा आम्हाला फोन करा.",
];
const WAITING_MR = {
  subject: "निश्चित झाली असून रांगेत आहे",
  lines: ["तुमची ऑर्डर निश्चित झाली आहे आणि आमच्या स्वयंपाकघरात तिच्या वळणाची वाट पाहत आहे. काम सुरू केल्यावर आम्ही पुन्हा कळवू."],
};
const FRESH_FOR_THE_DAY_MR = "आम्ही तुमची ऑर्डर तयार करायला सुरुवात केली आहे. तुम्ही निवडलेल्या दिवसासाठी सगळे ताजे बनवले जाते.";

const MARATHI: Record<FulfilmentKind, (when: When) => Omit<FulfilmentWords, "kind">> = {
  local: (when) => ({
    chargeRow: when.zone ? `डिलिव्हरी (${when.zone})` : "डिलिव्हरी",
    placeLabel: "डिलिव्हरीचा पत्ता:",
    place: (address) => address,
    promise: [
      when.daySlot
        ? `आम्ही स्वतः तुमची ऑर्डर ${when.daySlot} या वेळेत पोहोचवू.`
        : "आम्ही स्वतः तुमची ऑर्डर पोहोचवू, आणि येण्यापूर्वी फोन करू.",
    ],
    keepCashReady: (amount) => `कृपया डिलिव्हरीसाठी ${amount} रोख तयार ठेवा.`,
    status: {
      Waiting: WAITING_MR,
      Preparing: { subject: "तयार होत आहे", lines: [FRESH_FOR_THE_DAY_MR, "ऑर्डर डिलिव्हरीसाठी निघताच आम्ही पुन्हा कळवू."] },
      Dispatched: {
        subject: "डिलिव्हरीसाठी निघाली आहे",
        lines: [
          `तुमची ऑर्डर आमच्या वाईतील दुकानातून निघाली असून आज${when.slot ? ` ${when.slot} या वेळेत` : ""} तुमच्यापर्यंत पोहोचेल.`,
          "येण्यापूर्वी आमचा डिलिव्हरी कर्मचारी तुम्हाला फोन करेल: कृपया फोन जवळ ठेवा.",
        ],
      },
      Delivered: { subject: "पोहोचली आहे", lines: DELIVERED_MR },
    },
  }),
  pickup: (when) => {
    const shop = shopIn("mr");
    const at = `${shop.address}${when.daySlot ? `, ${when.daySlot}` : ""}`;
    return {
      chargeRow: "दुकानातून पिकअप",
      placeLabel: "येथून घेऊन जा:",
      place: () => shop.address,
      promise: [`तुमची ऑर्डर आमच्या दुकानातून घेऊन जा: ${at}.`, `आमची वेळ: ${shop.hours}.`],
      keepCashReady: (amount) => `कृपया ऑर्डर घ्यायला येताना ${amount} रोख तयार ठेवा.`,
      status: {
        Waiting: WAITING_MR,
        Preparing: {
          subject: "तयार होत आहे",
          lines: [FRESH_FOR_THE_DAY_MR, "ऑर्डर पिकअपसाठी तयार होताच आम्ही पुन्हा कळवू."],
        },
        Dispatched: {
          subject: "पिकअपसाठी तयार आहे",
          lines: [
            `तुमची ऑर्डर बांधून तयार आहे; ती आमच्या दुकानातून घेऊन जा: ${at}.`,
            `आमची वेळ: ${shop.hours}. येताना कृपया तुमचा ऑर्डर क्रमांक सांगा.`,
          ],
        },
        Delivered: {
          subject: "तुम्ही दुकानातून घेतली आहे",
          lines: [
            "तुम्ही तुमची ऑर्डर दुकानातून घेतली आहे. प्रत्येक घास तुम्हाला आवडेल अशी आशा!",
            "काही चुकले असल्यास कृपया त्याच दिवशी कळवा: या ईमेलला उत्तर द्या किंवा आम्हाला फोन करा.",
          ],
        },
      },
    };
  },
  courier: () => ({
    chargeRow: "टपाल डिलिव्हरी",
    placeLabel: "डिलिव्हरीचा पत्ता:",
    place: (address) => address,
    promise: ["ऑर्डर टपालाने येते: तुमच्या पिनकोडनुसार साधारणपणे 5 ते 15 कामकाजाच्या दिवसांत पोहोचते."],
    keepCashReady: (amount) => `कृपया डिलिव्हरीसाठी ${amount} रोख तयार ठेवा.`,
    status: {
      Waiting: WAITING_MR,
      Preparing: {
        subject: "तयार होत आहे",
        lines: [
          "आम्ही तुमची ऑर्डर तयार करायला सुरुवात केली आहे. सगळे ताजे बनवले जाते, म्हणून 1-2 कामकाजाचे दिवस लागतात.",
          "ऑर्डर रवाना होताच आम्ही पुन्हा कळवू.",
        ],
      },
      Dispatched: {
        subject: "रवाना झाली आहे",
        lines: [
          "तुमची ऑर्डर आमच्या वाईतील दुकानातून निघाली असून इंडिया पोस्टकडे आहे.",
          "तुमच्या पिनकोडनुसार ऑर्डर साधारणपणे 5 ते 15 कामकाजाच्या दिवसांत पोहोचते.",
        ],
      },
      Delivered: { subject: "पोहोचली आहे", lines: DELIVERED_MR },
    },
  }),
};

/** What the mails say about how `delivery` comes, in `language` (absent: English; no delivery: the courier's). */
export function fulfilmentWords(delivery: OrderDelivery | undefined, language: Language | undefined): FulfilmentWords {
  const kind = kindOf(delivery);
  const lang = language ?? "en";
  const table = lang === "mr" ? MARATHI : ENGLISH;
  return { kind, ...table[kind](whenOf(delivery, lang)) };
}

/** Whether a status change is worth an email to the customer (PAID sends nothing: the confirmation said it). */
export const statusHasEmail = (status: FulfilmentStatus) =>
  fulfilmentWords(undefined, "en").status[status] !== undefined;
