import {
  DEFAULT_LANGUAGE,
  formattingLocale,
  indiaDateFormat,
  type Language,
  pathInLanguage,
  type Weight,
} from "@storefront/contracts";

/**
 * What the shop's mails say, in each of its languages (docs/languages.md): the order's own language (or the page's,
 * for a code), English when absent. The English words are the ones the mails have always had; the Marathi ones say
 * the same. Prices stay `₹1,23,456.00` in both; times and dates are India time. What a mail says about how the
 * order comes is fulfilment-words.ts; how to reach the shop, shop-contact.ts.
 */

/** An order line as a mail lists it: "2 x Kaju Katli (500 Gram)", or in Marathi with its Marathi name. */
export interface MailLine {
  name: string;
  marathiName?: string | undefined;
  /** A catalogue line's weight; a festival box line has `pieces` instead (docs/festivals.md). */
  weight?: string | undefined;
  pieces?: number | undefined;
  quantity: number;
}

const MARATHI_WEIGHTS: Readonly<Record<Weight, string>> = { "250 Gram": "250 ग्रॅम", "500 Gram": "500 ग्रॅम" };

/** The shop's page `path` in the mail's language (English when absent), on PUBLIC_URL. */
export const pageIn = (language: Language | undefined, url: string, path: string) =>
  `${url}${pathInLanguage(language ?? DEFAULT_LANGUAGE, path)}`;

/**
 * An instant as the shop reads it in the mail's language: `15 Jan 2025, 2:00 pm IST` in English, and in Marathi on
 * the 24-hour clock (`15 जाने, 2025, 14:00 भा.प्र.वे.`), as india-time formats Marathi times: CLDR's Marathi would
 * write the English "PM".
 */
function indiaTime(language: Language) {
  const format = indiaDateFormat(formattingLocale(language), {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    ...(language === "en" ? { hour12: true } : {}),
  });
  const zone = language === "mr" ? "भा.प्र.वे." : "IST";
  return (iso: string) => `${format.format(new Date(iso))} ${zone}`;
}

const ENGLISH = {
  namaste: (name: string) => `Namaste ${name},`,
  namasteAlone: "Namaste,",
  line: (line: MailLine) => `${line.quantity} x ${line.name} (${line.weight ?? `Box of ${line.pieces ?? 1}`})`,
  seeMyOrder: "See my order",
  yourOrder: (link: string) => `Your order: ${link}`,
  time: indiaTime("en"),
  confirmation: {
    subject: (shop: string, orderId: string) => `Your ${shop} order ${orderId} is confirmed`,
    received: (orderId: string) => `Thank you for your order ${orderId}. We have received your payment.`,
    coupon: (code: string) => `Coupon ${code} applied`,
    totalPaid: "Total paid",
    attachedText: (invoice: string, link: string) =>
      `Your tax invoice ${invoice} is attached. Your order (track or cancel it): ${link}`,
    heading: (name: string) => `Thank you, ${name}!`,
    receivedHtml: (orderIdHtml: string) => `We have received your payment for order <strong>${orderIdHtml}</strong>.`,
    attachedHtml: (invoiceHtml: string) => `Your GST tax invoice <strong>${invoiceHtml}</strong> is attached as a PDF.`,
    preheader: (orderId: string) => `Order ${orderId} confirmed`,
  },
  status: {
    subject: (shop: string, orderId: string, words: string) => `Your ${shop} order ${orderId} ${words}`,
    heading: (orderId: string, words: string) => `Order ${orderId} ${words}`,
  },
  cancelled: {
    subject: (shop: string, orderId: string) => `Your ${shop} order ${orderId} is cancelled`,
    asYouAsked: (orderId: string) => `As you asked, we have cancelled your order ${orderId}.`,
    byShop: (orderId: string) => `We are sorry: we had to cancel your order ${orderId}.`,
    refund: (amount: string) =>
      `Refund initiated: ${amount} goes back to the way you paid. Banks take 5-8 business days to credit it; we will write when it is credited, with the GST credit note.`,
    nothing: "Nothing was charged, so there is nothing to refund.",
  },
  refund: {
    subject: (amount: string, orderId: string) => `Refund of ${amount} credited for order ${orderId}`,
    credited: (amount: string, orderId: string) =>
      `Refund credited: ${amount} for your order ${orderId} is on its way to your account.`,
    bankReference: (reference: string) => `Bank reference: ${reference}.`,
    creditNote: (creditNote: string, invoice: string) =>
      `The GST credit note ${creditNote} against invoice ${invoice} is attached.`,
  },
  access: {
    /** No code in a subject: a locked phone shows subjects (docs/security.md, "No code in a subject"). */
    subject: (orderId: string) => `Your code to open order ${orderId}`,
    code: (orderId: string, code: string, until: string) =>
      `Your code to open order ${orderId} is ${code}. It is valid until ${until}.`,
    ignore: "If you did not ask for it, ignore this mail: nobody can open your order without it.",
    track: "Track my order",
  },
  cashOnDelivery: {
    subject: (shop: string, orderId: string) => `Your ${shop} order ${orderId} is confirmed: cash on delivery`,
    confirmed: (orderId: string, lines: string) => `Your order ${orderId} is confirmed: ${lines}.`,
    invoiceLater: "Your GST invoice comes by mail once the cash is received.",
  },
  pass: {
    heading: "Your booking pass",
    booking: (festival: string, day: string, window: string) => `${festival}, ${day}, ${window}`,
    code: (code: string) => `Your pass code: ${code}`,
    show: "Show this code or its QR code at the counter when you collect your boxes.",
    onOrderPage: "Your pass code is on your order page.",
    collectAt: (address: string) => `Collect at our shop: ${address}`,
    qrAlt: (code: string) => `QR code of pass ${code}`,
  },
  reminder: {
    subject: (shop: string, festival: string) => `Tomorrow: your ${festival} booking at ${shop}`,
    tomorrow: (booking: string) => `Your booking is tomorrow: ${booking}.`,
    boxes: (lines: string) => `Your boxes: ${lines}.`,
    preheader: (window: string) => `Tomorrow, ${window}: your pass inside`,
  },
  moved: {
    subject: (shop: string, festival: string) => `Your ${festival} booking at ${shop} has a new time`,
    closed: (from: string) => `We had to close the ${from} window, so we have moved your booking.`,
    now: (booking: string) => `Your booking is now: ${booking}.`,
    samePass: "Your pass is the same: show it at the counter at your new time.",
    cancelInstead:
      "If the new time does not suit you, reply to this mail or call us, and we will cancel and refund it.",
  },
  otp: {
    /** No code in a subject, nor in the preheader a mail list shows beside it (docs/security.md). */
    subject: (shop: string) => `Your ${shop} verification code`,
    purposes: {
      signup: "to create your account",
      guest: "to check out as a guest",
      login: "to confirm your email",
      cod: "to confirm your cash on delivery order",
    } as Record<string, string>,
    yourCode: (code: string) => `Your verification code is ${code}`,
    enterOn: (url: string, purpose: string, expires: string) =>
      `Enter it on ${url} ${purpose}. It works once and until ${expires}.`,
    ignore: "If you did not ask for it, ignore this email: nobody can use your email address without this code.",
    heading: "Your verification code",
    enterHtml: (shopHtml: string, purposeHtml: string) => `Enter this code on the ${shopHtml} website ${purposeHtml}:`,
    worksUntil: (expiresHtml: string) => `It works once and until ${expiresHtml}.`,
    preheader: "A code to confirm your email address",
  },
  welcome: {
    subject: (shop: string) => `Welcome to ${shop}`,
    ready: (shop: string, dashboard: string) =>
      `Your ${shop} account is ready. Your orders, receipts and saved addresses are on your dashboard: ${dashboard}`,
    heading: (name: string) => `Namaste ${name}!`,
    readyHtml: (shopHtml: string) =>
      `Your ${shopHtml} account is ready. Your orders, receipts and saved addresses are on your dashboard.`,
    button: "Open my dashboard",
    preheader: "Your account is ready",
  },
  reset: {
    subject: (shop: string) => `Reset your ${shop} password`,
    asked: (shop: string) => `Someone (we hope you) asked to reset the password of your ${shop} account.`,
    chooseHere: (link: string) => `Choose a new password here: ${link}`,
    worksOnce: (expires: string) =>
      `The link works once, until ${expires}. If you did not ask, ignore this email: your password stays as it is.`,
    heading: "Reset your password",
    button: "Choose a new password",
    paste: (linkHtml: string) => `Or paste this into your browser: ${linkHtml}`,
    preheader: "A link to choose a new password",
  },
};

export type MailWords = typeof ENGLISH;

const MARATHI: MailWords = {
  namaste: (name) => `नमस्कार ${name},`,
  namasteAlone: "नमस्कार,",
  // "×", not the English mails' letter x: a Marathi mail has no Latin word but names and codes.
  line: (line) =>
    `${line.quantity} × ${line.marathiName ?? line.name} (${
      line.weight ? (MARATHI_WEIGHTS[line.weight as Weight] ?? line.weight) : `${line.pieces ?? 1} नगांचा बॉक्स`
    })`,
  seeMyOrder: "माझी ऑर्डर पाहा",
  yourOrder: (link) => `तुमची ऑर्डर: ${link}`,
  time: indiaTime("mr"),
  confirmation: {
    subject: (shop, orderId) => `तुमची ${shop} ऑर्डर ${orderId} निश्चित झाली`,
    received: (orderId) => `तुमच्या ${orderId} ऑर्डरबद्दल धन्यवाद. तुमचे पेमेंट आम्हाला मिळाले आहे.`,
    coupon: (code) => `कूपन ${code} लागू`,
    totalPaid: "एकूण भरलेले",
    attachedText: (invoice, link) => `तुमचे कर बिल ${invoice} सोबत जोडले आहे. तुमची ऑर्डर (स्थिती पाहा किंवा रद्द करा): ${link}`,
    heading: (name) => `धन्यवाद, ${name}!`,
    receivedHtml: (orderIdHtml) => `<strong>${orderIdHtml}</strong> ऑर्डरचे तुमचे पेमेंट आम्हाला मिळाले आहे.`,
    attachedHtml: (invoiceHtml) => `तुमचे GST कर बिल <strong>${invoiceHtml}</strong> PDF म्हणून जोडले आहे.`,
    preheader: (orderId) => `ऑर्डर ${orderId} निश्चित`,
  },
  status: {
    subject: (shop, orderId, words) => `तुमची ${shop} ऑर्डर ${orderId} ${words}`,
    heading: (orderId, words) => `ऑर्डर ${orderId} ${words}`,
  },
  cancelled: {
    subject: (shop, orderId) => `तुमची ${shop} ऑर्डर ${orderId} रद्द झाली`,
    asYouAsked: (orderId) => `तुमच्या सांगण्यानुसार आम्ही तुमची ${orderId} ऑर्डर रद्द केली आहे.`,
    byShop: (orderId) => `क्षमस्व: आम्हाला तुमची ${orderId} ऑर्डर रद्द करावी लागली.`,
    refund: (amount) =>
      `रिफंड सुरू: ${amount} तुम्ही ज्या पद्धतीने पैसे भरले त्याच पद्धतीने परत जातील. बँकांना ते जमा करायला 5-8 कामकाजाचे दिवस लागतात; जमा झाल्यावर आम्ही GST क्रेडिट नोटसह कळवू.`,
    nothing: "काहीही पैसे घेतले नव्हते, म्हणून परत करण्यासारखे काही नाही.",
  },
  refund: {
    subject: (amount, orderId) => `ऑर्डर ${orderId} चा ${amount} रिफंड जमा झाला`,
    credited: (amount, orderId) => `रिफंड जमा: तुमच्या ${orderId} ऑर्डरचे ${amount} तुमच्या खात्याकडे येत आहेत.`,
    bankReference: (reference) => `बँक संदर्भ: ${reference}.`,
    creditNote: (creditNote, invoice) => `बिल ${invoice} विरुद्धची GST क्रेडिट नोट ${creditNote} सोबत जोडली आहे.`,
  },
  access: {
    subject: (orderId) => `ऑर्डर ${orderId} उघडण्यासाठी तुमचा कोड`,
    code: (orderId, code, until) => `ऑर्डर ${orderId} उघडण्यासाठी तुमचा कोड ${code} आहे. तो ${until} पर्यंत वैध आहे.`,
    ignore: "तुम्ही हा कोड मागवला नसेल तर हा ईमेल दुर्लक्षित करा: या कोडशिवाय तुमची ऑर्डर कोणी उघडू शकत नाही.",
    track: "माझी ऑर्डर पाहा",
  },
  cashOnDelivery: {
    subject: (shop, orderId) => `तुमची ${shop} ऑर्डर ${orderId} निश्चित झाली: कॅश ऑन डिलिव्हरी`,
    confirmed: (orderId, lines) => `तुमची ${orderId} ऑर्डर निश्चित झाली आहे: ${lines}.`,
    invoiceLater: "रोख रक्कम मिळाल्यावर तुमचे GST बिल ईमेलने येईल.",
  },
  pass: {
    heading: "तुमचा बुकिंग पास",
    booking: (festival, day, window) => `${festival}, ${day}, ${window}`,
    code: (code) => `तुमचा पास कोड: ${code}`,
    show: "बॉक्स घ्यायला आल्यावर काउंटरवर हा कोड किंवा त्याचा QR कोड दाखवा.",
    onOrderPage: "तुमचा पास कोड तुमच्या ऑर्डरच्या पानावर आहे.",
    collectAt: (address) => `आमच्या दुकानातून घेऊन जा: ${address}`,
    qrAlt: (code) => `पास ${code} चा QR कोड`,
  },
  reminder: {
    subject: (shop, festival) => `उद्या: ${shop} मधील तुमचे ${festival} बुकिंग`,
    tomorrow: (booking) => `तुमचे बुकिंग उद्या आहे: ${booking}.`,
    boxes: (lines) => `तुमचे बॉक्स: ${lines}.`,
    preheader: (window) => `उद्या, ${window}: तुमचा पास या ईमेलमध्ये`,
  },
  moved: {
    subject: (shop, festival) => `${shop} मधील तुमच्या ${festival} बुकिंगची वेळ बदलली आहे`,
    closed: (from) => `आम्हाला ${from} ही वेळ बंद करावी लागली, म्हणून तुमचे बुकिंग दुसऱ्या वेळेत हलवले आहे.`,
    now: (booking) => `तुमचे बुकिंग आता: ${booking}.`,
    samePass: "तुमचा पास तोच आहे: नव्या वेळेला तो काउंटरवर दाखवा.",
    cancelInstead: "नवी वेळ सोयीची नसल्यास या ईमेलला उत्तर द्या किंवा आम्हाला फोन करा; आम्ही बुकिंग रद्द करून पैसे परत करू.",
  },
  otp: {
    subject: (shop) => `तुमचा ${shop} पडताळणी कोड`,
    purposes: {
      signup: "तुमचे खाते तयार करण्यासाठी",
      guest: "पाहुणे म्हणून खरेदी करण्यासाठी",
      login: "तुमचा ईमेल पडताळण्यासाठी",
      cod: "तुमची कॅश ऑन डिलिव्हरी ऑर्डर निश्चित करण्यासाठी",
    },
    yourCode: (code) => `तुमचा पडताळणी कोड ${code} आहे`,
    enterOn: (url, purpose, expires) => `${purpose} तो ${url} वर लिहा. तो एकदाच आणि ${expires} पर्यंत चालेल.`,
    ignore: "तुम्ही हा कोड मागवला नसेल तर हा ईमेल दुर्लक्षित करा: या कोडशिवाय तुमचा ईमेल कोणी वापरू शकत नाही.",
    heading: "तुमचा पडताळणी कोड",
    enterHtml: (shopHtml, purposeHtml) => `${purposeHtml} हा कोड ${shopHtml} च्या वेबसाइटवर लिहा:`,
    worksUntil: (expiresHtml) => `तो एकदाच आणि ${expiresHtml} पर्यंत चालेल.`,
    preheader: "तुमचा ईमेल पत्ता पडताळण्यासाठी कोड",
  },
  welcome: {
    subject: (shop) => `${shop} मध्ये आपले स्वागत`,
    ready: (shop, dashboard) =>
      `तुमचे ${shop} खाते तयार आहे. तुमच्या ऑर्डर, पावत्या आणि जतन केलेले पत्ते तुमच्या डॅशबोर्डवर आहेत: ${dashboard}`,
    heading: (name) => `नमस्कार ${name}!`,
    readyHtml: (shopHtml) => `तुमचे ${shopHtml} खाते तयार आहे. तुमच्या ऑर्डर, पावत्या आणि जतन केलेले पत्ते तुमच्या डॅशबोर्डवर आहेत.`,
    button: "माझा डॅशबोर्ड उघडा",
    preheader: "तुमचे खाते तयार आहे",
  },
  reset: {
    subject: (shop) => `तुमचा ${shop} पासवर्ड रीसेट करा`,
    asked: (shop) => `कोणीतरी (तुम्हीच असाल अशी आशा) तुमच्या ${shop} खात्याचा पासवर्ड रीसेट करायला सांगितले आहे.`,
    chooseHere: (link) => `नवीन पासवर्ड येथे निवडा: ${link}`,
    worksOnce: (expires) =>
      `ही लिंक एकदाच, ${expires} पर्यंत चालेल. तुम्ही सांगितले नसेल तर हा ईमेल दुर्लक्षित करा: तुमचा पासवर्ड आहे तसाच राहील.`,
    heading: "तुमचा पासवर्ड रीसेट करा",
    button: "नवीन पासवर्ड निवडा",
    paste: (linkHtml) => `किंवा ही लिंक ब्राउझरमध्ये चिकटवा: ${linkHtml}`,
    preheader: "नवीन पासवर्ड निवडण्याची लिंक",
  },
};

/** The words of a mail in `language` (absent: English). */
export const mailWords = (language: Language | undefined): MailWords => (language === "mr" ? MARATHI : ENGLISH);
