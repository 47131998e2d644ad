import { type CaughtEmail, eventually, freePort, maildev } from "@storefront/testing";
import { afterEach, describe, expect, it } from "vitest";
import { ENQUIRY_TO_SHOP } from "../src/mail/templates/enquiry-to-shop.js";
import { notificationFixture, SHOP_INBOX } from "./notification-fixture.js";

type Fixture = Awaited<ReturnType<typeof notificationFixture>>;
let fixture: Fixture | undefined;
const subjects: string[] = [];

async function start(label: string, env?: Record<string, string>): Promise<Fixture> {
  fixture = await notificationFixture(label, env);
  return fixture;
}

afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
  for (const subject of subjects.splice(0)) await maildev.deleteWithSubject(subject);
});

/** The one email MailDev caught with this subject, once the service's delivery log says it was sent. */
async function theOneEmail(f: Fixture, eventId: string, subject: string): Promise<CaughtEmail> {
  subjects.push(subject);
  await eventually(async () => (await f.delivery(`${eventId}:${ENQUIRY_TO_SHOP}`))?.status === "sent", {
    what: "the delivery to be sent",
  });
  const emails = await eventually(
    async () => {
      const found = await maildev.withSubject(subject);
      return found.length > 0 && found;
    },
    { what: `an email with subject "${subject}" in MailDev` },
  );
  expect(emails).toHaveLength(1);
  return emails[0]!;
}

describe("the enquiry email to the shop", () => {
  it("emails the shop once, with the visitor as reply-to, and logs the delivery as sent", async () => {
    const f = await start("enquiry");
    const event = f.enquiry({ message: `<script>alert("x")</script> Do you make ukadiche modak?` });
    await f.publish(event);

    const subject = `New enquiry from ${event.data.name}`;
    const email = await theOneEmail(f, event.id, subject);
    expect(email.to.map((to) => to.address)).toEqual([SHOP_INBOX]);
    expect(email.replyTo?.map((to) => to.address)).toEqual(["asha@example.in"]);
    expect(email.headers["message-id"]).toBe(`<${event.id}.${ENQUIRY_TO_SHOP}@notification.storefront>`);
    expect(email.text).toContain(`Name: ${event.data.name}`);
    expect(email.text).toContain("Email: asha@example.in");
    expect(email.text).toContain("Mobile: 9876543210");
    expect(email.text).toContain("Submitted: 15 Jan 2025, 2:00 pm IST");
    expect(email.text).toContain(`<script>alert("x")</script> Do you make ukadiche modak?`);
    expect(email.html).toContain("Gokul Mithai &amp; Farsan");
    expect(email.html).toContain(event.data.name);
    expect(email.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Do you make ukadiche modak?");
    expect(email.html).not.toContain("<script");

    const delivery = await f.delivery(`${event.id}:${ENQUIRY_TO_SHOP}`);
    expect(delivery).toMatchObject({
      template: ENQUIRY_TO_SHOP,
      eventType: "catalogue.enquiry.submitted",
      eventId: event.id,
      to: SHOP_INBOX,
      subject,
      status: "sent",
      attempts: 1,
      messageId: `<${event.id}.${ENQUIRY_TO_SHOP}@notification.storefront>`,
    });
    expect(delivery?.sentAt).toBeInstanceOf(Date);
    expect(delivery?.createdAt).toBeInstanceOf(Date);
  });

  it("sends one email for an event delivered twice", async () => {
    const f = await start("twice");
    const event = f.enquiry();
    const subject = `New enquiry from ${event.data.name}`;
    await f.publish(event);
    await theOneEmail(f, event.id, subject);

    await f.publish(event);
    await eventually(
      () => f.logged(`${event.id}:${ENQUIRY_TO_SHOP}`, "email already sent for this event; nothing to do"),
      {
        what: "the second delivery to be handled",
      },
    );
    expect(await maildev.withSubject(subject)).toHaveLength(1);
    expect(await f.delivery(`${event.id}:${ENQUIRY_TO_SHOP}`)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("sends one email when two deliveries of an event arrive together", async () => {
    const f = await start("together");
    const event = f.enquiry();
    const subject = `New enquiry from ${event.data.name}`;
    // Back to back: the second delivery arrives while the first is sending (or just after); either way it sends nothing.
    await f.publish(event);
    await f.publish(event);
    await theOneEmail(f, event.id, subject);
    await eventually(
      () => f.logged(`${event.id}:${ENQUIRY_TO_SHOP}`, "email already sent for this event; nothing to do"),
      {
        what: "the second delivery to be handled",
      },
    );
    expect(await maildev.withSubject(subject)).toHaveLength(1);
  });

  it("sets no reply-to for a visitor who gave no email", async () => {
    const f = await start("noemail");
    const event = f.enquiry({ email: undefined });
    await f.publish(event);

    const email = await theOneEmail(f, event.id, `New enquiry from ${event.data.name}`);
    expect(email.replyTo ?? []).toEqual([]);
    expect(email.headers["reply-to"]).toBeUndefined();
    expect(email.text).toContain("Email: not given");
  });

  it("retries while SMTP is unreachable, then parks the event with the error and logs the failed attempts", async () => {
    const closedPort = await freePort();
    const f = await start("smtpdown", {
      SMTP_URL: `smtp://127.0.0.1:${closedPort}`,
      EVENT_RETRY_DELAYS_MS: "100,300",
    });
    const event = f.enquiry();
    await f.publish(event);

    const parked = await eventually(async () => (await f.vhost.peek("notification.parked"))[0], {
      what: "the event in notification.parked",
    });
    expect(parked.properties.message_id).toBe(event.id);
    expect(parked.properties.headers).toMatchObject({ "x-attempt": 3, "x-original-queue": "notification" });
    expect(String(parked.properties.headers?.["x-error"])).toContain("ECONNREFUSED");
    expect(JSON.parse(parked.payload).id).toBe(event.id);

    const delivery = await f.delivery(`${event.id}:${ENQUIRY_TO_SHOP}`);
    expect(delivery).toMatchObject({ status: "failed", attempts: 3, to: SHOP_INBOX });
    expect(delivery?.lastError).toContain("ECONNREFUSED");
    expect(delivery?.sentAt).toBeUndefined();
  });
});
