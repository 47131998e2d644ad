import { shop } from "../../shop";

export interface Greeting {
  festival: string | null;
  text: string;
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
      text: "Tilgul ghya, god god bola! Happy Makar Sankranti: fresh til-gul ladoo and gul poli are ready.",
    };
  }
  if ((month === 3 && day >= 15) || (month === 4 && day <= 15)) {
    return {
      festival: "Gudi Padwa",
      text: "Happy Gudi Padwa! Welcome the new year with shrikhand, puran poli and a box of pedhe.",
    };
  }
  if ((month === 8 && day >= 15) || month === 9) {
    return {
      festival: "Ganesh Chaturthi",
      text: "Ganpati Bappa Morya! Order ukadiche modak and prasad boxes for Bappa's arrival.",
    };
  }
  if (month === 10 || month === 11) {
    return {
      festival: "Diwali",
      text: "Shubh Deepavali! Diwali faral is here: chakli, karanji, shankarpali, chivda and besan ladoo.",
    };
  }
  return { festival: null, text: `Welcome to ${shop.name}: sweets and farsan made fresh every day in Wai.` };
}
