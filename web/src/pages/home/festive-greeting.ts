import type { MessageId } from "../../i18n/i18n";

export interface Greeting {
  festival: string | null;
  /** The catalog's message for it (src/i18n/catalogs): the page says it in its language. */
  message: MessageId;
}

/**
 * The home page's festive line (spec section 2), chosen by the calendar. Festival dates move with the lunar
 * calendar, so each season is a generous window around its usual dates rather than the exact day.
 */
export function festiveGreeting(date: Date): Greeting {
  const month = date.getMonth() + 1;
  const day = date.getDate();

  if (month === 1 && day >= 10 && day <= 20) {
    return {
      festival: "Makar Sankranti",
      message: "greeting.sankranti",
    };
  }
  if ((month === 3 && day >= 15) || (month === 4 && day <= 15)) {
    return {
      festival: "Gudi Padwa",
      message: "greeting.padwa",
    };
  }
  if ((month === 8 && day >= 15) || month === 9) {
    return {
      festival: "Ganesh Chaturthi",
      message: "greeting.ganesh",
    };
  }
  if (month === 10 || month === 11) {
    return {
      festival: "Diwali",
      message: "greeting.diwali",
    };
  }
  return { festival: null, message: "greeting.welcome" };
}
