import { type Festival, festivalWindows, groupPassCode } from "@storefront/contracts";
import { createLogger } from "@storefront/http";
import {
  type CaughtEmail,
  eventually,
  freshDatabase,
  maildev,
  maildevSmtpUrl,
  type ServiceProcess,
  serviceEntry,
  startServiceProcess,
} from "@storefront/testing";
import { SAMPLE_CUSTOMER, SAMPLE_SHIPPING_ADDRESS } from "@storefront/testing/samples";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutShop } from "./checkout-shop.js";
import { serveOrderPayment } from "./in-process-server.js";

/**
 * A festival booking's mails on the real servers (docs/festivals.md, The pass in the mails): order-payment in this
 * process, billing and notification as processes of their builds on its vhost, the mails in MailDev. A booking paid
 * with its webhooks sent three times and five verifies gets one confirmation mail, whose pass code and QR image are
 * the pass the order page shows; a cash booking's confirmation says its pass too. The evening before, the reminders'
 * job (two runs and two instances at once) mails each booking once, a cancelled one never, and issues a missing pass;
 * with notification down while a reminder is published (killed), the reminder waits on the bus and is mailed once it
 * is back.
 */
let clock = new Date("2027-10-01T10:00:00+05:30");
const shop = checkoutShop("festival-mails", "sandbox-secret-for-the-festival-mails-test", {
  now: () => clock,
  sandboxEnv: { SANDBOX_WEBHOOK_COPIES: "3" },
});
const SHOP_NAME = `Festival Mails ${Date.now().toString(36)}`;
const ID = "dasara-2027";
const DAY = "2027-10-10";

let billing: ServiceProcess | undefined;
let notification: ServiceProcess | undefined;
let cleanups: Array<() => Promise<unknown>> = [];
let startNotification: () => Promise<ServiceProcess>;

beforeAll(async () => {
  const [billingDb, notificationDb] = await Promise.all([
    freshDatabase("festival-mails-billing"),
    freshDatabase("festival-mails-notification"),
  ]);
  cleanups = [() => billingDb.drop(), () => notificationDb.drop()];
  const amqp = { AMQP_URL: shop.places.vhost.amqpUrl, LOG_LEVEL: "warn" };
  startNotification = () =>
    startServiceProcess({
      entry: serviceEntry("notification"),
      env: {
        ...notificationDb.env,
        ...amqp,
        REDIS_URL: shop.places.redis.url,
        SMTP_URL: maildevSmtpUrl,
        SHOP_NAME,
        PUBLIC_URL: "https://shop.example",
      },
    });
  [billing, notification] = await Promise.all([
    startServiceProcess({ entry: serviceEntry("billing"), env: { ...billingDb.env, ...amqp } }),
    startNotification(),
  ]);
}, 60_000);

afterAll(async () => {
  await Promise.all([billing?.stop(), notification?.stop()]);
  await Promise.all(cleanups.map((cleanup) => cleanup()));
});

const festival: Festival = {
  _id: ID,
  name: "Dasara",
  nameMr: "दसरा",
  days: [DAY],
  bookingOpensAt: "2027-09-25T09:00:00+05:30",
  bookingClosesAt: "2027-10-10T06:00:00+05:30",
  boxes: [
    {
      boxId: "pedha-12",
      name: "Kandi pedha, 12",
      nameMr: "कंदी पेढा, 12",
      pieces: 12,
      pricePaise: 45_000,
      hsn: "2106",
      gstRatePercent: 5,
      product: "pedha",
    },
  ],
  products: [{ key: "pedha", name: "Kandi pedha", piecesPerDay: 100_000 }],
  windows: festivalWindows({ kind: "pickup", from: "07:00", to: "10:00", minutes: 30, capacityBoxes: 40 }),
  cashAtCounter: true,
  version: 0,
};

let seq = 0;
const run = Date.now().toString(36);
const newOrderId = () => `1790${String(++seq).padStart(9, "0")}fm`;
const mailOf = (who: string) => `${who}.${run}@festival-mails.example`;

async function book(who: string, windowId: string, patch: Record<string, unknown> = {}) {
  const orderId = newOrderId();
  const answer = await shop.call("POST", `/api/payment/festivals/${ID}/bookings`, shop.guestProof(who), {
    orderId,
    day: DAY,
    windowId,
    boxes: [{ boxId: "pedha-12", quantity: 1 }],
    customerName: SAMPLE_CUSTOMER.name,
    customerEmail: who,
    mobile: SAMPLE_CUSTOMER.mobile,
    shippingAddress: SAMPLE_SHIPPING_ADDRESS,
    ...patch,
  });
  expect(answer.status).toBe(200);
  return { orderId, body: (await answer.json()) as { paymentSessionId?: string } };
}

/** The pass the booking's page shows its owner. */
async function pageCode(who: string, orderId: string): Promise<string | undefined> {
  const page = (await (await shop.call("GET", `/api/payment/order/${orderId}`, shop.guestProof(who))).json()) as {
    pass?: { code: string };
  };
  return page.pass?.code;
}

/** The mails to `who` of `subject`, once `count` arrived, after a settle long enough for a duplicate to show. */
async function mailsTo(who: string, subject: RegExp, count = 1): Promise<CaughtEmail[]> {
  await maildev.latestTo(who, subject, count - 1);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  return maildev.to(who, subject);
}

/** MailDev's view of an email's attachments (its API lists them beside the fields CaughtEmail names). */
const attachmentsOf = (mail: CaughtEmail) =>
  (mail as CaughtEmail & { attachments?: Array<{ contentType: string; contentId?: string; cid?: string }> })
    .attachments ?? [];

describe("a booking's pass in its confirmation mail", () => {
  beforeAll(async () => {
    const saved = await shop.call("PUT", `/api/payment/admin/festivals/${ID}`, shop.adminToken(), festival);
    expect(saved.status).toBe(201);
  });

  it("is mailed once for a booking paid with its webhooks three times and five verifies, with the page's code", async () => {
    const who = mailOf("paid");
    const booked = await book(who, "0730");
    const paid = await fetch(`${shop.places.sandbox.url}/checkout/${booked.body.paymentSessionId}/pay`, {
      method: "POST",
    });
    expect(paid.status).toBe(200);
    await Promise.all(
      Array.from({ length: 5 }, () =>
        shop.call("GET", `/api/payment/cashfree-verify/${booked.orderId}`, shop.guestProof(who)),
      ),
    );
    const mails = await mailsTo(who, /is confirmed$/);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    const code = await pageCode(who, booked.orderId);
    expect(code).toMatch(/^[A-Z0-9]{3}-[A-Z0-9]{3}$/);
    expect(mail.text).toContain(`Your pass code: ${code}`);
    expect(mail.text).toContain("Dasara, ");
    expect(mail.text).toContain("7:30 - 8:00 am");
    expect(mail.html).toContain(`cid:pass-${code!.replace("-", "")}@storefront`);
    const types = attachmentsOf(mail).map((attachment) => attachment.contentType);
    expect(types).toEqual(expect.arrayContaining(["application/pdf", "image/png"]));
    // The code the event carried is the pass stored for the order: one pass.
    const passes = await shop.places.ordersDb.db
      .collection<{ _id: string }>("festival_passes")
      .find({ orderId: booked.orderId })
      .toArray();
    expect(passes.map((pass) => groupPassCode(pass._id))).toEqual([code]);
  });

  it("is in a cash booking's confirmation, in Marathi for a Marathi booking, however often it is confirmed, and in its invoice's", async () => {
    const who = mailOf("cash");
    const booked = await book(who, "0800", { paymentMethod: "cash-at-counter", language: "mr" });
    const confirms = await Promise.all(
      Array.from({ length: 3 }, () =>
        shop.call("POST", `/api/payment/order/${booked.orderId}/cash-on-delivery`, shop.guestProof(who)),
      ),
    );
    expect(confirms.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const mails = await mailsTo(who, /कॅश ऑन डिलिव्हरी$/);
    expect(mails).toHaveLength(1);
    const code = await pageCode(who, booked.orderId);
    expect(mails[0]!.text).toContain(`तुमचा पास कोड: ${code}`);
    expect(mails[0]!.text).toContain("दसरा");
    expect(attachmentsOf(mails[0]!).map((attachment) => attachment.contentType)).toEqual(["image/png"]);
    // The cash taken at the counter: the invoice mail that follows shows the same pass.
    const cash = await shop.call("POST", `/api/payment/counter/passes/${code}/cash`, shop.adminToken(), {
      markId: crypto.randomUUID(),
    });
    expect(cash.status).toBe(200);
    const invoiced = await mailsTo(who, /निश्चित झाली$/);
    expect(invoiced).toHaveLength(1);
    expect(invoiced[0]!.text).toContain(`तुमचा पास कोड: ${code}`);
  });
});

/** Pays a booking in the sandbox and waits for it to be SUCCESS. */
async function pay(orderId: string, paymentSessionId: string) {
  const paid = await fetch(`${shop.places.sandbox.url}/checkout/${paymentSessionId}/pay`, { method: "POST" });
  expect(paid.status).toBe(200);
  await eventually(async () => (await shop.stored(orderId))?.paymentStatus === "SUCCESS", { what: `${orderId} paid` });
  await shop.unitsSold(orderId);
}

const REMINDER = /^Tomorrow: your Dasara booking at /;
const EVE = (time: string) => new Date(`2027-10-09T${time}:00+05:30`);

describe("the reminder the evening before", () => {
  it("mails each booking once from two runs and two instances at once, a cancelled one never, and issues a missing pass", async () => {
    clock = new Date("2027-10-02T10:00:00+05:30");
    const [asha, ravi, meera, sunil] = ["asha", "ravi", "meera", "sunil"].map(mailOf) as [
      string,
      string,
      string,
      string,
    ];
    const bookings = await Promise.all([
      book(asha, "0830"),
      book(ravi, "0900", { language: "mr" }),
      book(meera, "0830"),
      book(sunil, "0930"),
    ]);
    await Promise.all(bookings.map((booked) => pay(booked.orderId, booked.body.paymentSessionId!)));
    const [forAsha, forRavi, forMeera, forSunil] = bookings as [
      (typeof bookings)[0],
      (typeof bookings)[0],
      (typeof bookings)[0],
      (typeof bookings)[0],
    ];
    // Meera cancels (the owner, for her); Sunil's pass was lost between his payment and its write (a crash).
    const cancelled = await shop.call(
      "POST",
      `/api/payment/admin/order/${forMeera.orderId}/cancel`,
      shop.adminToken(),
      {
        reason: "other",
        note: "asked by phone",
      },
    );
    expect(cancelled.status).toBe(200);
    const db = shop.places.ordersDb.db;
    await db.collection("festival_passes").deleteMany({ orderId: forSunil.orderId });
    await db.collection("festival_pass_orders").deleteOne({ _id: forSunil.orderId } as never);

    // Before 18:00 on the eve: nothing.
    clock = EVE("17:59");
    expect(await shop.reminders().runOnce()).toMatchObject({ reminded: 0, passesIssued: 0 });

    // 19:00: a second instance of order-payment runs at the same moment as this one, then this one runs again.
    clock = EVE("19:00");
    const second = await serveOrderPayment(shop.config, createLogger({ service: "second", level: "silent" }), {
      now: () => clock,
    });
    try {
      const runs = await Promise.all([shop.reminders().runOnce(), second.bookingReminders.runOnce()]);
      expect(runs.map((outcome) => outcome.failed)).toEqual([0, 0]);
      const again = await shop.reminders().runOnce();
      // Every remindable booking of the day (this file's paid and cash ones, Asha's, Ravi's, Sunil's; not Meera's) was
      // reminded by one run: the next finds all five reminded before.
      expect(again).toMatchObject({ reminded: 0, before: 5, passesIssued: 0 });
    } finally {
      await second.server.close();
    }

    const [toAsha, toRavi, toSunil] = await Promise.all([
      mailsTo(asha, REMINDER),
      mailsTo(ravi, /^उद्या: /),
      mailsTo(sunil, REMINDER),
    ]);
    expect([toAsha.length, toRavi.length, toSunil.length]).toEqual([1, 1, 1]);
    expect(toAsha[0]!.text).toContain(`Your pass code: ${await pageCode(asha, forAsha.orderId)}`);
    expect(toAsha[0]!.text).toContain("8:30 - 9:00 am");
    expect(toRavi[0]!.text).toContain(`तुमचा पास कोड: ${await pageCode(ravi, forRavi.orderId)}`);
    expect(toRavi[0]!.text).toContain("दसरा");
    // Sunil's pass, issued by the job, is the one his page shows: one pass.
    const sunils = await db
      .collection<{ _id: string }>("festival_passes")
      .find({ orderId: forSunil.orderId })
      .toArray();
    expect(sunils).toHaveLength(1);
    expect(toSunil[0]!.text).toContain(`Your pass code: ${groupPassCode(sunils[0]!._id)}`);
    expect(await pageCode(sunil, forSunil.orderId)).toBe(groupPassCode(sunils[0]!._id));
    expect(attachmentsOf(toSunil[0]!).map((attachment) => attachment.contentType)).toEqual(["image/png"]);
    // Meera's booking was cancelled: no reminder.
    expect(await maildev.to(meera, REMINDER)).toEqual([]);
  });

  it("waits for notification when it is down while the reminder is published, and is mailed once it is back", async () => {
    // A booking made that evening, after the first run: the next run reminds it.
    const who = mailOf("late");
    const booked = await book(who, "0900");
    await pay(booked.orderId, booked.body.paymentSessionId!);
    await maildev.latestTo(who, /is confirmed$/);
    await notification?.stop("SIGKILL");
    clock = EVE("21:00");
    expect(await shop.reminders().runOnce()).toMatchObject({ reminded: 1, before: 5 });
    // The event is on the bus, in notification's durable queue; nobody mails it meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await maildev.to(who, REMINDER)).toEqual([]);
    notification = await startNotification();
    const mails = await mailsTo(who, REMINDER);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`Your pass code: ${await pageCode(who, booked.orderId)}`);
    // A run after it changes nothing.
    expect(await shop.reminders().runOnce()).toMatchObject({ reminded: 0, before: 6 });
  });

  it("is not sent on the festival day itself", async () => {
    clock = new Date("2027-10-10T06:00:00+05:30");
    expect(await shop.reminders().runOnce()).toMatchObject({ reminded: 0, before: 0 });
  });
});

describe("a booking the owner moves from a window they closed", () => {
  it("is mailed its new window once however often the move is tapped, with the same pass", async () => {
    clock = new Date("2027-10-03T10:00:00+05:30");
    const mover = mailOf("mover");
    const booked = await book(mover, "0900");
    await pay(booked.orderId, booked.body.paymentSessionId!);
    const code = await eventually(() => pageCode(mover, booked.orderId), { what: "the mover's pass" });
    const stored = (await (await shop.call("GET", `/api/payment/admin/festivals/${ID}`, shop.adminToken())).json()) as {
      version: number;
    };
    const closed = await shop.call("PATCH", `/api/payment/admin/festivals/${ID}/windows/0900`, shop.adminToken(), {
      version: stored.version,
      closed: true,
    });
    expect(closed.status).toBe(200);
    const taps = await Promise.all(
      Array.from({ length: 5 }, () =>
        shop.call("POST", `/api/payment/admin/festivals/${ID}/bookings/${booked.orderId}/move`, shop.adminToken(), {
          toWindowId: "0930",
        }),
      ),
    );
    expect(taps.some((tap) => tap.status === 200)).toBe(true);
    const [moved, ...more] = await mailsTo(mover, /has a new time$/);
    expect(more).toHaveLength(0);
    expect(moved?.text).toContain("We had to close the 9:00 - 9:30 am window");
    expect(moved?.text).toContain("9:30 - 10:00 am");
    expect(moved?.text).toContain(code);
    expect(attachmentsOf(moved!).some((attachment) => attachment.contentType === "image/png")).toBe(true);
    expect(await pageCode(mover, booked.orderId)).toBe(code);
  });
});
