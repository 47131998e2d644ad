import { signAccessToken } from "@storefront/auth";
import { eventually, freePort, type ServiceProcess, serviceEntry, startServiceProcess } from "@storefront/testing";
import type { OrderRecord } from "../src/orders/persistence/orders.js";
import { checkoutPlaces } from "./checkout-places.js";
import { checkoutRequest } from "./checkout-shop.js";

const SECRET = "sandbox-secret-for-the-process-tests";
const JWT_SECRET = "jwt-secret-for-the-process-tests-0123456789";

/**
 * order-payment as its own built process (so a test can SIGKILL it and start it again on the same port), with the
 * real catalogue as a process, the sandbox provider in this process, and a queue bound to `order.paid` in the test's
 * vhost to count what reaches the bus.
 */
export async function checkoutProcesses(label: string) {
  const places = await checkoutPlaces(label, SECRET, { queues: { "test.paid": ["order.paid"] } });
  const { vhost, sandbox } = places;
  const port = await freePort();
  const start = () =>
    startServiceProcess({
      entry: serviceEntry("order-payment"),
      port,
      env: {
        ...places.env,
        JWT_SECRET,
        // The sandbox's webhooks come straight back to order-payment (no gateway in this test).
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: "warn",
      },
    });
  let orderPayment: ServiceProcess = await start();

  const token = signAccessToken(
    { sub: "u-asha", email: "asha@example.in", role: "USER" },
    { secret: JWT_SECRET, issuer: "storefront-identity", expiresInSeconds: 600 },
  );
  const orders = places.ordersDb.db.collection<OrderRecord>("orders");

  return {
    vhost,
    get url() {
      return orderPayment.url;
    },
    /** Kills order-payment with the signal and starts it again on the same port. */
    async restart(signal: NodeJS.Signals = "SIGKILL") {
      await orderPayment.stop(signal);
      orderPayment = await start();
    },
    /** Creates an order through the service and answers its payment session. */
    async createOrder(orderId: string): Promise<string> {
      const answer = await fetch(`${orderPayment.url}/api/payment/cashfree-order`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(checkoutRequest(orderId, "asha@example.in")),
      });
      if (!answer.ok) throw new Error(`create-order: ${answer.status} ${await answer.text()}`);
      return ((await answer.json()) as { paymentSessionId: string }).paymentSessionId;
    },
    /** The shopper presses Pay on the sandbox's page; its webhook goes to order-payment. */
    pay: (session: string) => fetch(`${sandbox.url}/checkout/${session}/pay`, { method: "POST" }),
    stored: (orderId: string) => orders.findOne({ _id: orderId }),
    /** The order.paid messages of one order that reached the bus (peeked, left in the queue). */
    async paidMessages(orderId: string) {
      return (await vhost.peek("test.paid", 100))
        .map((message) => JSON.parse(message.payload) as { data: { orderId: string } })
        .filter((event) => event.data.orderId === orderId);
    },
    waitForPaid: (orderId: string) =>
      eventually(async () => (await orders.findOne({ _id: orderId }))?.paymentStatus === "SUCCESS", {
        what: `${orderId} PAID`,
      }),
    async close() {
      await orderPayment.stop("SIGTERM");
      await places.close();
    },
  };
}
