import { signAccessToken, signEmailProof, signOrderPass } from "@storefront/auth";
import { type EventEnvelope, orderPaidV3, orderRefundProcessedV1 } from "@storefront/contracts";
import { BrokerConnection, EventPublisher } from "@storefront/messaging";
import {
  serviceEntry as entry,
  eventually,
  freshDatabase,
  isolatedRedis,
  isolatedVhost,
  MODAK_LINE,
  maildev,
  maildevApiUrl,
  maildevSmtpUrl,
  SAMPLE_CUSTOMER,
  type ServiceProcess,
  sampleLine,
  samplePaidOrder,
  startServiceProcess,
  type TestDatabase,
  type TestRedis,
  type TestVhost,
  uniqueName,
} from "@storefront/testing";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Receipts end to end on the real servers: two billing instances (processes) on one database and vhost take
 * order.paid, notification mails the confirmation with the invoice attached, and the invoice's text is read back
 * from the PDF.
 */
const JWT_SECRET = "billing-test-jwt-secret-0123456789abcdef";
const ISSUER = "storefront-identity";
const SHOP_NAME = `Gokul ${uniqueName("bill")}`;
let vhost: TestVhost;
let redis: TestRedis;
let billingDb: TestDatabase;
let notificationDb: TestDatabase;
let billings: ServiceProcess[];
let notification: ServiceProcess;
let connection: BrokerConnection;
let publisher: EventPublisher;

beforeAll(async () => {
  [vhost, redis, billingDb, notificationDb] = await Promise.all([
    isolatedVhost("billing"),
    isolatedRedis("billing"),
    freshDatabase("billing_receipts"),
    freshDatabase("billing_notification"),
  ]);
  const billingEnv = {
    ...billingDb.env,
    AMQP_URL: vhost.amqpUrl,
    JWT_SECRET,
    LOG_LEVEL: "warn",
  };
  // Two instances on one queue: they share the deliveries, and may race for one event's redelivery.
  billings = await Promise.all([
    startServiceProcess({ entry: entry("billing"), env: billingEnv }),
    startServiceProcess({ entry: entry("billing"), env: billingEnv }),
  ]);
  notification = await startServiceProcess({
    entry: entry("notification"),
    env: {
      ...notificationDb.env,
      AMQP_URL: vhost.amqpUrl,
      REDIS_URL: redis.url,
      SMTP_URL: maildevSmtpUrl,
      SHOP_NAME,
      SHOP_INBOX: "shop@gokul-mithai.test",
      PUBLIC_URL: "https://shop.gokul-mithai.test",
      LOG_LEVEL: "warn",
    },
  });
  connection = new BrokerConnection({ url: vhost.amqpUrl, connectionName: "billing-test-order-payment" });
  await connection.start();
  publisher = new EventPublisher(connection, { exchange: "storefront.events" });
  await publisher.start();
}, 90_000);
afterAll(async () => {
  await publisher?.close();
  await connection?.close();
  await Promise.all([...(billings ?? []), notification].filter(Boolean).map((process) => process.stop()));
  await Promise.all([billingDb?.drop(), notificationDb?.drop(), vhost?.cleanup(), redis?.cleanup()]);
});

/**
 * The sample order (libs/testing) with a second HSN code (puran poli, 1905 90) and the place of supply each test
 * chooses (inside or outside Maharashtra): the invoice assertions below read its lines and totals.
 */
function paidEvent(orderId: string, place: { state: string; stateCode: string }, userId = "u-asha") {
  return orderPaidV3.create(
    samplePaidOrder(orderId, {
      customer: { ...SAMPLE_CUSTOMER, userId },
      shippingAddress: `Flat 4, Sai Krupa Society, Pune City, Ghorpuri Bazar, Pune, ${place.state}-411001`,
      placeOfSupply: place,
      lines: [
        MODAK_LINE,
        sampleLine("puran-poli", "Puran Poli", "250 Gram", 1, 17000, { hsn: "190590", gstRatePercent: 5 }),
      ],
      transactionId: "443316773318",
      paidAt: "2026-11-23T08:34:00.000Z",
    }),
    { correlationId: `billing-test-${orderId}` },
  );
}
const token = (sub: string, role: "USER" | "ADMIN" = "USER") =>
  signAccessToken(
    { sub, email: `${sub}@example.in`, role },
    { secret: JWT_SECRET, issuer: ISSUER, expiresInSeconds: 600 },
  );
const receipt = (orderId: string, bearer: string, headers: Record<string, string> = {}) =>
  fetch(`${billings[0]!.url}/api/bill/${orderId}`, { headers: { authorization: `Bearer ${bearer}`, ...headers } });
async function pdfText(pdf: ArrayBuffer | Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  return (await extractText(document, { mergePages: true })).text;
}
const numbers = () =>
  billingDb.db.collection<{ _id: string; number: string; sequence: number }>("order_invoice_numbers");

describe("receipts", () => {
  it("makes one GST invoice and one email with it attached when order.paid arrives twice", async () => {
    const event = paidEvent(`${Date.now()}mh`, { state: "Maharashtra", stateCode: "27" });
    await Promise.all([publisher.publish(event), publisher.publish(event as EventEnvelope)]);
    const subject = `Your ${SHOP_NAME} order ${event.data.orderId} is confirmed`;
    const [mail] = await eventually(
      async () => {
        const caught = await maildev.withSubject(subject);
        return caught.length > 0 && caught;
      },
      { what: "the confirmation email", timeoutMs: 20_000 },
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await maildev.withSubject(subject)).toHaveLength(1);
    expect(await numbers().countDocuments({ _id: event.data.orderId })).toBe(1);
    expect(await billingDb.db.collection("receipts").countDocuments({ _id: event.data.orderId as never })).toBe(1);
    // Kept once for the month's return (docs/business-buyers.md), though both instances may have taken the event.
    expect(
      await billingDb.db.collection("tax_documents").countDocuments({ "document.orderId": event.data.orderId }),
    ).toBe(1);

    const { attachments } = mail as unknown as { attachments: { fileName: string; generatedFileName: string }[] };
    expect(attachments).toEqual([
      expect.objectContaining({ fileName: `Receipt_${event.data.orderId}.pdf`, contentType: "application/pdf" }),
    ]);
    // MailDev serves an attachment under the file name it generated.
    const file = await fetch(`${maildevApiUrl}/email/${mail!.id}/attachment/${attachments[0]!.generatedFileName}`);
    const text = await pdfText(await file.arrayBuffer());
    const number = (await numbers().findOne({ _id: event.data.orderId }))!.number;
    expect(number).toMatch(/^GM\/\d{2}-\d{2}\/\d{6}$/);
    for (const expected of [
      "TAX INVOICE",
      number,
      "GSTIN 27AAPFG1234K1Z8",
      "FSSAI Lic. No. 11526999000123",
      "Ukadiche Modak (500 g)",
      "210690",
      "Puran Poli (250 g)",
      "190590",
      "996812",
      "CGST",
      "SGST",
      "Maharashtra (27)",
      "₹1,360.00",
      "Rupees One Thousand Three Hundred Sixty Only",
      "Prices include GST",
      event.data.paymentId,
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain("IGST");
  });

  it("charges IGST to Karnataka, and serves the PDF only to the order's owner, its guest email or an admin", async () => {
    const event = paidEvent(`${Date.now()}ka`, { state: "Karnataka", stateCode: "29" }, "u-ravi");
    await publisher.publish(event);
    const orderId = event.data.orderId;
    const answer = await eventually(
      async () => {
        const attempt = await receipt(orderId, token("u-ravi"));
        return attempt.status === 200 && attempt;
      },
      { what: "the receipt", timeoutMs: 20_000 },
    );
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    expect(answer.headers.get("content-disposition")).toContain(`Receipt_${orderId}.pdf`);
    expect(answer.headers.get("cache-control")).toContain("private");
    const text = await pdfText(await answer.arrayBuffer());
    expect(text).toContain("IGST");
    expect(text).toContain("Karnataka (29)");
    expect(text).not.toMatch(/\bCGST\b/);

    const etag = answer.headers.get("etag")!;
    expect((await receipt(orderId, token("u-ravi"), { "if-none-match": etag })).status).toBe(304);
    expect((await receipt(orderId, token("u-somebody-else"))).status).toBe(403);
    expect((await receipt(orderId, token("u-admin", "ADMIN"))).status).toBe(200);
    const guestProof = signEmailProof("asha@example.in", "guest", {
      secret: JWT_SECRET,
      issuer: ISSUER,
      expiresInSeconds: 600,
    });
    expect((await receipt(orderId, guestProof)).status).toBe(200);
    const otherGuest = signEmailProof("other@example.in", "guest", {
      secret: JWT_SECRET,
      issuer: ISSUER,
      expiresInSeconds: 600,
    });
    expect((await receipt(orderId, otherGuest)).status).toBe(403);
    expect((await fetch(`${billings[0]!.url}/api/bill/${orderId}`)).status).toBe(401);
    expect((await receipt("1732262400000nosuch", token("u-ravi"))).status).toBe(404);
  });

  it("makes a registered buyer's invoice out to its legal name and GSTIN, shipped to its event site, kept once", async () => {
    const site = "Plot 3, Palace Grounds, Bengaluru, Bengaluru Urban, Karnataka-560080";
    const event = orderPaidV3.create(
      {
        ...paidEvent(`${Date.now()}b2b`, { state: "Karnataka", stateCode: "29" }, "u-caterer").data,
        shippingAddress: site,
        billTo: {
          legalName: "Bhandari Caterers Private Limited",
          address: "No. 14, 2nd Cross, Jayanagar 4th Block, Bengaluru, Bengaluru Urban, Karnataka-560011",
          state: "Karnataka",
          stateCode: "29",
          gstin: "29AAGCB7383J1Z4",
        },
      },
      { correlationId: "billing-test-b2b" },
    );
    await Promise.all([publisher.publish(event), publisher.publish(event as EventEnvelope)]);
    const orderId = event.data.orderId;
    const answer = await eventually(
      async () => {
        const attempt = await receipt(orderId, token("u-caterer"));
        return attempt.status === 200 && attempt;
      },
      { what: "the registered buyer's invoice", timeoutMs: 20_000 },
    );
    const text = (await pdfText(await answer.arrayBuffer())).replace(/\s+/g, " ");
    for (const expected of [
      "Bill to (registered buyer)",
      "Bhandari Caterers Private Limited",
      "GSTIN: 29AAGCB7383J1Z4",
      "Jayanagar 4th Block",
      "State: Karnataka (29)",
      "Ship to",
      "Palace Grounds",
      "IGST",
    ]) {
      expect(text, expected).toContain(expected);
    }
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(await billingDb.db.collection("tax_documents").countDocuments({ "document.orderId": orderId })).toBe(1);
  });

  it("numbers 200 orders paid at once consecutively, without a gap or a duplicate, across two instances", async () => {
    const before = await numbers().countDocuments();
    const events = Array.from({ length: 200 }, (_, i) =>
      paidEvent(`${Date.now()}n${i}`, { state: "Goa", stateCode: "30" }),
    );
    await Promise.all(events.map((event) => publisher.publish(event)));
    await eventually(async () => (await numbers().countDocuments()) === before + 200, {
      what: "200 invoice numbers",
      timeoutMs: 60_000,
    });
    const all = await numbers().find().sort({ sequence: 1 }).toArray();
    expect(all.map((allocated) => allocated.sequence)).toEqual(all.map((_, i) => i + 1));
    expect(new Set(all.map((allocated) => allocated.number)).size).toBe(all.length);
    await eventually(async () => (await billingDb.db.collection("receipts").countDocuments()) === all.length, {
      what: "a receipt per number",
      timeoutMs: 60_000,
    });
  }, 120_000);
});

/** The order's `order.refund.processed` for `amountPaise` (a cancellation refunds it all). */
function refundedEvent(paid: ReturnType<typeof paidEvent>, refundId: string, amountPaise: number) {
  const { orderId, lines, charges, placeOfSupply, shippingAddress, customer } = paid.data;
  return orderRefundProcessedV1.create(
    {
      orderId,
      refundId,
      amountPaise,
      scope: amountPaise === charges.totalPaise ? { kind: "cancellation" } : { kind: "goodwill" },
      customer: { name: customer.name, email: customer.email },
      processedAt: new Date().toISOString(),
      bankReference: `ARN${refundId.slice(-6)}`,
      lines,
      charges,
      placeOfSupply,
      shippingAddress,
    },
    { correlationId: `billing-test-${refundId}` },
  );
}
const creditNoteNumbers = () =>
  billingDb.db.collection<{ _id: string; number: string; sequence: number; year: string }>("credit_note_numbers");

describe("credit notes", () => {
  it("issues 20 credit notes for 20 refunds credited at once, numbered consecutively in their own series, each totalling its refund", async () => {
    const paid = Array.from({ length: 20 }, (_, i) =>
      paidEvent(`${Date.now()}cn${i}`, { state: "Maharashtra", stateCode: "27" }),
    );
    await Promise.all(paid.map((event) => publisher.publish(event)));
    await eventually(
      async () =>
        (await billingDb.db
          .collection("receipts")
          .countDocuments({ _id: { $in: paid.map((event) => event.data.orderId) } as never })) === 20,
      { what: "20 receipts", timeoutMs: 60_000 },
    );
    // Half cancelled in full, half refunded in part (₹123.45 of goodwill); each refund delivered twice.
    const refunds = paid.map((event, i) =>
      refundedEvent(event, `${event.data.orderId}-R1`, i % 2 === 0 ? event.data.charges.totalPaise : 12345),
    );
    await Promise.all(
      refunds.flatMap((event) => [publisher.publish(event), publisher.publish(event as EventEnvelope)]),
    );
    const notes = billingDb.db.collection<{ _id: string; number: string; invoiceNumber: string; amountPaise: number }>(
      "credit_notes",
    );
    await eventually(async () => (await notes.countDocuments()) === 20, { what: "20 credit notes", timeoutMs: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(await notes.countDocuments()).toBe(20);
    const allocated = await creditNoteNumbers().find().sort({ sequence: 1 }).toArray();
    expect(allocated.map((one) => one.sequence)).toEqual(allocated.map((_, i) => i + 1));
    expect(allocated.map((one) => one.number)).toEqual(
      allocated.map((one, i) => `CN/${one.year}/${String(i + 1).padStart(6, "0")}`),
    );
    expect(allocated.every((one) => one.number.length <= 16)).toBe(true);

    // Each credit note names its invoice and adds up to its refund; the shopper's pass for the order opens it.
    const full = refunds[0]!;
    const partial = refunds[1]!;
    for (const refund of [full, partial]) {
      const pass = signOrderPass(refund.data.orderId, "asha@example.in", {
        secret: JWT_SECRET,
        issuer: ISSUER,
        expiresInSeconds: 600,
      });
      const answer = await fetch(
        `${billings[0]!.url}/api/bill/${refund.data.orderId}/credit-note/${refund.data.refundId}`,
        { headers: { authorization: `Bearer ${pass}` } },
      );
      expect(answer.status).toBe(200);
      const text = await pdfText(await answer.arrayBuffer());
      const stored = (await notes.findOne({ _id: refund.data.refundId }))!;
      const invoice = (await numbers().findOne({ _id: refund.data.orderId }))!.number;
      expect(stored.invoiceNumber).toBe(invoice);
      for (const expected of ["CREDIT NOTE", stored.number, "Against invoice", invoice, refund.data.refundId]) {
        expect(text, expected).toContain(expected);
      }
      expect(text).toContain(refund === full ? "₹1,360.00" : "₹123.45");
      // Another order's pass, or another order's path: 404, the same as not there.
      const otherPass = signOrderPass(refunds[2]!.data.orderId, "asha@example.in", {
        secret: JWT_SECRET,
        issuer: ISSUER,
        expiresInSeconds: 600,
      });
      expect(
        (
          await fetch(`${billings[0]!.url}/api/bill/${refund.data.orderId}/credit-note/${refund.data.refundId}`, {
            headers: { authorization: `Bearer ${otherPass}` },
          })
        ).status,
      ).toBe(404);
    }
    // The refund mail carries the credit note.
    const subject = `Refund of ₹1,360.00 credited for order ${full.data.orderId}`;
    const [mail] = await eventually(
      async () => {
        const caught = await maildev.withSubject(subject);
        return caught.length > 0 && caught;
      },
      { what: "the refund mail", timeoutMs: 20_000 },
    );
    const { attachments } = mail as unknown as { attachments: { fileName: string }[] };
    expect(attachments).toEqual([expect.objectContaining({ fileName: `CreditNote_${full.data.refundId}.pdf` })]);
  }, 120_000);
});
