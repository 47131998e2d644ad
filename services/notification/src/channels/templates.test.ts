import { describe, expect, it } from "vitest";
import {
  buttonPayload,
  PHONE_TEMPLATE_NAMES,
  PHONE_TEMPLATES,
  type PhoneTemplate,
  parseButtonPayload,
  placeholdersOf,
  renderPhoneText,
  TemplateVariablesWrong,
} from "./templates.js";

/** A value for each variable, told apart in the text (a missing one would leave its placeholder or an empty gap). */
const sample = (variables: readonly string[]) =>
  Object.fromEntries(variables.map((name) => [name, `«${name.toUpperCase()}»`]));

const DEVANAGARI = /[\u0900-\u097F]/g;
const LATIN_WORD = /[A-Za-z]{2,}/g;

describe("the phone templates", () => {
  it("are the seven messages the issue names and the tracking form's code", () => {
    expect(PHONE_TEMPLATE_NAMES.sort()).toEqual(
      [
        "cancelled",
        "cod_confirm",
        "delivered",
        "order_confirmed",
        "out_for_delivery",
        "ready_for_pickup",
        "refund_credited",
        "tracking_code",
      ].sort(),
    );
  });

  for (const name of PHONE_TEMPLATE_NAMES) {
    const template: PhoneTemplate = PHONE_TEMPLATES[name];
    for (const language of ["en", "mr"] as const) {
      it(`${name} in ${language} names every variable once and, filled, leaves none unfilled`, () => {
        expect(placeholdersOf(template.text[language]).sort()).toEqual([...template.variables].sort());
        const text = renderPhoneText(name, language, sample(template.variables));
        expect(text).not.toMatch(/\{\{|\}\}/);
        for (const variable of template.variables) expect(text).toContain(`«${variable.toUpperCase()}»`);
      });
    }

    it(`${name} in Marathi is Marathi: Devanagari, no English word outside its variables`, () => {
      const text = template.text.mr.replace(/\{\{[a-z_]+\}\}/g, "");
      expect(text.match(DEVANAGARI)?.length ?? 0).toBeGreaterThan(15);
      expect(text.match(LATIN_WORD)).toBeNull();
      expect(template.text.mr).not.toBe(template.text.en);
      for (const label of template.buttons?.labels.mr ?? []) expect(label).toMatch(DEVANAGARI);
    });

    it(`${name} in English has no Devanagari`, () => {
      expect(template.text.en).not.toMatch(DEVANAGARI);
    });
  }

  it("send the tracking code as an authentication message: the code alone, not to be shared, its expiry", () => {
    expect(PHONE_TEMPLATES.tracking_code.variables).toEqual(["code"]);
    expect(renderPhoneText("tracking_code", "en", { code: "482913" })).toBe(
      "482913 is your verification code to open your order. For your security, do not share this code. It expires in 10 minutes.",
    );
    const marathi = renderPhoneText("tracking_code", "mr", { code: "482913" });
    expect(marathi.startsWith("482913 ")).toBe(true);
    expect(marathi).toContain("कोणालाही सांगू नका");
    expect(marathi).toContain("10 मिनिटांत");
    // No link and no button: a code the shopper types on the page they asked from.
    expect("buttons" in PHONE_TEMPLATES.tracking_code).toBe(false);
    for (const text of Object.values(PHONE_TEMPLATES.tracking_code.text)) expect(text).not.toMatch(/https?:|www\./);
  });

  it("offer Confirm, Change address and Cancel on the cash on delivery message, in both languages", () => {
    const buttons = PHONE_TEMPLATES.cod_confirm.buttons;
    expect(buttons.actions).toEqual(["confirm", "change-address", "cancel"]);
    expect(buttons.labels.en).toEqual(["Confirm", "Change address", "Cancel"]);
    expect(buttons.labels.mr).toHaveLength(3);
  });

  it("offer every update a Stop updates button, in both languages; the cash order's message and the tracking code none", () => {
    for (const name of PHONE_TEMPLATE_NAMES.filter((one) => one !== "cod_confirm" && one !== "tracking_code")) {
      const buttons: PhoneTemplate["buttons"] = PHONE_TEMPLATES[name].buttons;
      expect(buttons?.actions, name).toEqual(["stop"]);
      expect(buttons?.labels).toEqual({ en: ["Stop updates"], mr: ["अपडेट्स थांबवा"] });
    }
    expect(PHONE_TEMPLATES.cod_confirm.buttons.actions).not.toContain("stop");
    expect(PHONE_TEMPLATES.tracking_code).not.toHaveProperty("buttons");
    expect(buttonPayload("stop", "GM-1042")).toBe("order:stop:GM-1042");
    expect(parseButtonPayload("order:stop:GM-1042")).toEqual({ action: "stop", orderId: "GM-1042" });
  });

  it("refuse a missing, empty or foreign variable instead of sending a message with a hole", () => {
    const variables = sample(PHONE_TEMPLATES.delivered.variables);
    expect(() => renderPhoneText("delivered", "en", { customer_name: "Asha" })).toThrow(TemplateVariablesWrong);
    expect(() => renderPhoneText("delivered", "en", { ...variables, order_id: "  " })).toThrow(/order_id is missing/);
    expect(() => renderPhoneText("delivered", "en", { ...variables, slot: "5-7 pm" })).toThrow(
      /not its variables: slot/,
    );
  });

  it("put each variable on one line (WhatsApp refuses new lines and tabs in a parameter)", () => {
    const text = renderPhoneText("ready_for_pickup", "en", {
      customer_name: "Asha",
      order_id: "GM-1",
      shop_address: "12 Laxmi Road,\n\tPune    411030",
    });
    expect(text).toContain("12 Laxmi Road, Pune 411030");
  });
});

describe("quick-reply payloads", () => {
  it("carry the action and the order, and read back", () => {
    expect(buttonPayload("change-address", "GM-1042")).toBe("order:change-address:GM-1042");
    expect(parseButtonPayload("order:cancel:GM-1042")).toEqual({ action: "cancel", orderId: "GM-1042" });
  });

  it("read nothing from a payload that is not ours", () => {
    for (const payload of ["order:refund:GM-1", "order:confirm:", "order:confirm:GM 1", "confirm", "__proto__"]) {
      expect(parseButtonPayload(payload), payload).toBeUndefined();
    }
  });
});
