import type { Language, PhoneReplyAction } from "@storefront/contracts";
import { PHONE_REPLY_ACTIONS } from "@storefront/contracts";

/**
 * The shop's phone messages (docs/messaging.md, Templates): each a template registered once with the providers (an
 * approved WhatsApp template of the same name and named variables; an SMS template registered on DLT and mapped at
 * MSG91, MSG91_TEMPLATE_IDS), in English and Marathi. Only these can be sent: outside a shopper's 24-hour window
 * WhatsApp takes nothing but an approved template, and Indian operators deliver no SMS whose text does not match a
 * DLT-registered one. The texts here are what we register; the providers keep their own copy, so a change here is a
 * new registration (and a new name) there.
 */
export interface PhoneTemplate {
  /** The named variables, in the order the body shows them (`{{customer_name}}`: lowercase and `_`, as Meta asks). */
  readonly variables: readonly string[];
  readonly text: Readonly<Record<Language, string>>;
  /** Quick-reply buttons: what each asks for, and its label in each language (WhatsApp only; SMS has none). */
  readonly buttons?: {
    readonly actions: readonly PhoneReplyAction[];
    readonly labels: Readonly<Record<Language, readonly string[]>>;
  };
}

/**
 * Every update's one button: the shopper's way out beside the word STOP (docs/messaging.md, STOP). The cash order's
 * message has no room for it (its three buttons are what it asks); a STOP typed there works the same.
 */
const STOP_BUTTON = {
  actions: ["stop"],
  labels: { en: ["Stop updates"], mr: ["अपडेट्स थांबवा"] },
} as const satisfies PhoneTemplate["buttons"];

export const PHONE_TEMPLATES = {
  order_confirmed: {
    variables: ["customer_name", "order_id", "total"],
    text: {
      en: "Hello {{customer_name}}, your order {{order_id}} of {{total}} is confirmed. Thank you!",
      mr: "नमस्कार {{customer_name}}, तुमची {{total}} ची ऑर्डर {{order_id}} निश्चित झाली आहे. धन्यवाद!",
    },
    buttons: STOP_BUTTON,
  },
  cod_confirm: {
    variables: ["customer_name", "order_id", "total"],
    text: {
      en: "Hello {{customer_name}}, please confirm your cash on delivery order {{order_id}} of {{total}}: we start making it once you do.",
      mr: "नमस्कार {{customer_name}}, डिलिव्हरीवेळी रोख भरायची तुमची {{total}} ची ऑर्डर {{order_id}} कृपया निश्चित करा: त्यानंतरच आम्ही ती बनवायला घेऊ.",
    },
    buttons: {
      actions: ["confirm", "change-address", "cancel"],
      labels: { en: ["Confirm", "Change address", "Cancel"], mr: ["निश्चित करा", "पत्ता बदला", "रद्द करा"] },
    },
  },
  out_for_delivery: {
    variables: ["customer_name", "order_id", "slot"],
    text: {
      en: "Hello {{customer_name}}, your order {{order_id}} is out for delivery and will reach you {{slot}}.",
      mr: "नमस्कार {{customer_name}}, तुमची ऑर्डर {{order_id}} डिलिव्हरीसाठी निघाली आहे; ती {{slot}} या वेळेत पोहोचेल.",
    },
    buttons: STOP_BUTTON,
  },
  ready_for_pickup: {
    variables: ["customer_name", "order_id", "shop_address"],
    text: {
      en: "Hello {{customer_name}}, your order {{order_id}} is ready. Please collect it from {{shop_address}}.",
      mr: "नमस्कार {{customer_name}}, तुमची ऑर्डर {{order_id}} तयार आहे. कृपया ती {{shop_address}} येथून घेऊन जा.",
    },
    buttons: STOP_BUTTON,
  },
  delivered: {
    variables: ["customer_name", "order_id"],
    text: {
      en: "Hello {{customer_name}}, your order {{order_id}} has been delivered. Enjoy your sweets!",
      mr: "नमस्कार {{customer_name}}, तुमची ऑर्डर {{order_id}} पोहोचवली आहे. मिठाईचा आनंद घ्या!",
    },
    buttons: STOP_BUTTON,
  },
  cancelled: {
    variables: ["customer_name", "order_id"],
    text: {
      en: "Hello {{customer_name}}, your order {{order_id}} has been cancelled.",
      mr: "नमस्कार {{customer_name}}, तुमची ऑर्डर {{order_id}} रद्द झाली आहे.",
    },
    buttons: STOP_BUTTON,
  },
  refund_credited: {
    variables: ["customer_name", "order_id", "amount"],
    text: {
      en: "Hello {{customer_name}}, a refund of {{amount}} for your order {{order_id}} has been credited to your account.",
      mr: "नमस्कार {{customer_name}}, तुमच्या ऑर्डर {{order_id}} चा {{amount}} परतावा तुमच्या खात्यात जमा झाला आहे.",
    },
    buttons: STOP_BUTTON,
  },
  /**
   * The tracking form's code (docs/messaging.md, Tracking by mobile number), in the words of WhatsApp's
   * authentication templates: the code, a warning not to share it, its expiry, and nothing else (that category
   * allows no link, no order id, no other variable; Meta fixes the wording, so the text here mirrors its preset).
   */
  tracking_code: {
    variables: ["code"],
    text: {
      en: "{{code}} is your verification code to open your order. For your security, do not share this code. It expires in 10 minutes.",
      mr: "{{code}} हा तुमची ऑर्डर उघडण्यासाठीचा पडताळणी कोड आहे. तुमच्या सुरक्षिततेसाठी हा कोड कोणालाही सांगू नका. तो 10 मिनिटांत संपेल.",
    },
  },
} as const satisfies Record<string, PhoneTemplate>;

export type PhoneTemplateName = keyof typeof PHONE_TEMPLATES;
export const PHONE_TEMPLATE_NAMES = Object.keys(PHONE_TEMPLATES) as PhoneTemplateName[];

/** The values a template's variables take: every one named, no other. */
export type PhoneTemplateVariables<N extends PhoneTemplateName> = Record<
  (typeof PHONE_TEMPLATES)[N]["variables"][number],
  string
>;

/** A template's variable name wrapped as it stands in the text. */
const PLACEHOLDER = /\{\{([a-z_]+)\}\}/g;

/** A variable that is missing, empty or not the template's: a message must never go out with a hole in it. */
export class TemplateVariablesWrong extends Error {
  constructor(template: string, problem: string) {
    super(`template ${template}: ${problem}`);
    this.name = "TemplateVariablesWrong";
  }
}

/**
 * A variable's value as the providers take it: WhatsApp refuses a parameter with a new line, a tab or more than
 * four spaces in a row, and an SMS is one line anyway.
 */
export const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

/** Every variable of the template, in its order, each one-line and non-empty; throws when one is missing or extra. */
export function templateValues(name: PhoneTemplateName, variables: Readonly<Record<string, string>>): string[] {
  const template: PhoneTemplate = PHONE_TEMPLATES[name];
  const extra = Object.keys(variables).filter((key) => !template.variables.includes(key));
  if (extra.length > 0) throw new TemplateVariablesWrong(name, `not its variables: ${extra.join(", ")}`);
  return template.variables.map((key) => {
    const value = oneLine(variables[key] ?? "");
    if (!value) throw new TemplateVariablesWrong(name, `${key} is missing`);
    return value;
  });
}

/** The message's text as the shopper reads it (and as DLT registered it, with the variables filled). */
export function renderPhoneText(
  name: PhoneTemplateName,
  language: Language,
  variables: Readonly<Record<string, string>>,
): string {
  const template: PhoneTemplate = PHONE_TEMPLATES[name];
  const values = templateValues(name, variables);
  return template.text[language].replace(PLACEHOLDER, (_all, key: string) => {
    const index = template.variables.indexOf(key);
    if (index === -1) throw new TemplateVariablesWrong(name, `its text names ${key}, not one of its variables`);
    return values[index] as string;
  });
}

/** The variables a template's text names, in order (the templates' test holds them to `variables`). */
export const placeholdersOf = (text: string) => [...text.matchAll(PLACEHOLDER)].map((match) => match[1] as string);

/**
 * A quick-reply button's payload: WhatsApp hands it back in the webhook when the shopper taps the button, so it
 * carries what the tap is about (the action and the order), never more (the shopper's device sees it).
 */
export const buttonPayload = (action: PhoneReplyAction, orderId: string) => `order:${action}:${orderId}`;

const PAYLOAD = new RegExp(`^order:(${PHONE_REPLY_ACTIONS.join("|")}):([A-Za-z0-9_-]{1,64})$`);

/** A payload of ours read back, or undefined for anything else (an old button, a forged one). */
export function parseButtonPayload(payload: string): { action: PhoneReplyAction; orderId: string } | undefined {
  const match = PAYLOAD.exec(payload);
  return match ? { action: match[1] as PhoneReplyAction, orderId: match[2] as string } : undefined;
}
