import { signAccessToken } from "@storefront/auth";
import { EnquiryMessages, enquiryAcceptedSchema, enquirySubmittedV1 } from "@storefront/contracts";
import { eventually } from "@storefront/testing";
import { describe, expect, it } from "vitest";
import { postJson, servedCatalogue } from "./catalogue-fixture.js";

/** A queue bound in the test's vhost like notification's would be, to see what the catalogue publishes. */
const SHOP_INBOX = "test.enquiries";

const served = servedCatalogue("catalogue_enquiry", { queues: { [SHOP_INBOX]: [enquirySubmittedV1.type] } });

const valid = { name: "Asha Patil", email: "asha@example.in", mobile: "9876543210", message: "Modak for 50 people?" };
const ANONYMOUS = { authorization: "Bearer token" };
const sendEnquiry = (body: unknown, headers: Record<string, string> = ANONYMOUS) =>
  postJson(`${served.catalogue.url}/api/v1/enquiry`, body, headers);
interface StoredEnquiry {
  _id: string;
  submittedAt: Date;
  outboxPending?: true;
}
const enquiries = () => served.fixture.database.db.collection<StoredEnquiry>("enquiries");

async function publishedEnquiry(enquiryId: string) {
  return eventually(
    async () => {
      const messages = await served.fixture.vhost.peek(SHOP_INBOX);
      return messages
        .map((message) => enquirySubmittedV1.parse(JSON.parse(message.payload)))
        .find((event) => event.data.enquiryId === enquiryId);
    },
    { what: `the event of enquiry ${enquiryId}` },
  );
}

describe("POST /api/v1/enquiry", () => {
  it("keeps the enquiry, answers 201 and tells the shop with an event carrying the request id", async () => {
    const response = await sendEnquiry(valid, { ...ANONYMOUS, "x-request-id": "enquiry-req-1" });
    expect(response.status).toBe(201);
    const { enquiryId, message } = enquiryAcceptedSchema.parse(await response.json());
    expect(message).toBe("Enquiry received");

    const stored = await enquiries().findOne({ _id: enquiryId });
    expect(stored).toMatchObject({ ...valid, submittedAt: expect.any(Date) });
    expect(stored).not.toHaveProperty("customerId");

    const event = await publishedEnquiry(enquiryId);
    expect(event.correlationId).toBe("enquiry-req-1");
    expect(event.data).toEqual({ enquiryId, ...valid, submittedAt: stored!.submittedAt.toISOString() });
    // Once the broker confirmed it, the event no longer waits in the document.
    await eventually(async () => (await enquiries().findOne({ _id: enquiryId }))?.outboxPending === undefined, {
      what: "the outbox cleared",
    });
  });

  it.each([
    ["name too short", { name: "Al" }, "name", EnquiryMessages.NAME],
    ["name missing", { name: undefined }, "name", EnquiryMessages.NAME],
    ["bad email", { email: "asha@" }, "email", EnquiryMessages.EMAIL],
    ["mobile with letters", { mobile: "98765abcde" }, "mobile", EnquiryMessages.MOBILE],
    ["mobile too short", { mobile: "987654321" }, "mobile", EnquiryMessages.MOBILE],
    ["message missing", { message: undefined }, "message", EnquiryMessages.MESSAGE],
    ["message blank", { message: "   " }, "message", EnquiryMessages.MESSAGE],
    ["message too long", { message: "x".repeat(201) }, "message", EnquiryMessages.MESSAGE],
  ])("refuses %s with the spec's message", async (_case, change, field, expected) => {
    const before = await enquiries().countDocuments();
    const response = await sendEnquiry({ ...valid, ...change });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: unknown };
    expect(body).toMatchObject({ status: 400, code: "VALIDATION_FAILED", message: expected });
    expect(body.errors).toEqual({ [field]: expected });
    expect(await enquiries().countDocuments()).toBe(before);
  });

  it("names every bad field at once", async () => {
    const response = await sendEnquiry({});
    expect(((await response.json()) as { errors: unknown }).errors).toEqual({
      name: EnquiryMessages.NAME,
      mobile: EnquiryMessages.MOBILE,
      message: EnquiryMessages.MESSAGE,
    });
  });

  it("accepts an empty email as not given, and stores and announces none", async () => {
    const response = await sendEnquiry({ ...valid, email: "" });
    expect(response.status).toBe(201);
    const { enquiryId } = enquiryAcceptedSchema.parse(await response.json());
    expect(await enquiries().findOne({ _id: enquiryId })).not.toHaveProperty("email");
    expect((await publishedEnquiry(enquiryId)).data).not.toHaveProperty("email");
  });

  it("accepts a visitor with no header, the SPA's literal `Bearer token`, or a token it cannot verify", async () => {
    for (const headers of [{}, ANONYMOUS, { authorization: "Bearer not.a.jwt" }]) {
      const response = await sendEnquiry(valid, headers);
      expect(response.status, JSON.stringify(headers)).toBe(201);
      const { enquiryId } = enquiryAcceptedSchema.parse(await response.json());
      expect(await enquiries().findOne({ _id: enquiryId })).not.toHaveProperty("customerId");
    }
  });

  it("records the signed-in customer when the token is valid", async () => {
    const token = signAccessToken(
      { sub: "customer-42", email: "asha@example.in", role: "USER" },
      { secret: served.catalogue.config.JWT_SECRET, issuer: served.catalogue.config.JWT_ISSUER, expiresInSeconds: 300 },
    );
    const response = await sendEnquiry(valid, { authorization: `Bearer ${token}` });
    expect(response.status).toBe(201);
    const { enquiryId } = enquiryAcceptedSchema.parse(await response.json());
    expect(await enquiries().findOne({ _id: enquiryId })).toMatchObject({ customerId: "customer-42" });
  });
});
