/**
 * Demo orders for a realistic admin dashboard (`bash scripts/start.sh --demo-orders`): customers with Marathi names
 * place orders through the running shop's gateway and pay them in the payment sandbox, exactly as shoppers do
 * (priced by the catalogue, settled by the signed webhook, invoiced by billing, mailed to MailDev); then the admin
 * moves some of them through fulfilment. A few are left unpaid or failed.
 *
 *   node --import tsx scripts/seed-demo-orders.ts [count=40] [shopUrl=http://127.0.0.1:8080] [sandboxUrl=http://127.0.0.1:4006]
 * Development only: it signs its customers' tokens with the development JWT secret, as identity would.
 */
import { createHmac } from "node:crypto";

const COUNT = Number(process.argv[2] ?? 40);
const SHOP = process.argv[3] ?? "http://127.0.0.1:8080";
const SANDBOX = process.argv[4] ?? "http://127.0.0.1:4006";
// The development defaults of JWT_SECRET and JWT_ISSUER (libs/config): the script refuses nothing else.
const SECRET = "dev-only-jwt-secret-change-me";
const ISSUER = "storefront-identity";

const NAMES = [
  "Asha Patil",
  "Ravi Kale",
  "Meera Joshi",
  "Sunil Deshmukh",
  "Priya Kulkarni",
  "Anil Shinde",
  "Kavita Pawar",
  "Rohan Gokhale",
  "Sneha Jadhav",
  "Vikram More",
];
const PLACES = [
  "Flat 4, Sai Krupa Society, Pune City, Ghorpuri Bazar, Pune, Maharashtra-411001",
  "House 12, Shivaji Nagar, Haveli, Shivane, Pune, Maharashtra-411023",
  "22 Tilak Road, Satara, Satara H.O, Satara, Maharashtra-415001",
  "B-301 Lake View, Thane West, Thane, Maharashtra-400601",
  "14 MG Road, Bangalore North, Bangalore G.P.O., Bangalore, Karnataka-560001",
];

function token(sub: string, email: string, role: "USER" | "ADMIN"): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const now = Math.floor(Date.now() / 1000);
  const header = encode({ alg: "HS256", typ: "JWT" });
  const payload = encode({ sub, email, role, iss: ISSUER, aud: "storefront-api", iat: now, exp: now + 3600 });
  return `${header}.${payload}.${createHmac("sha256", SECRET).update(`${header}.${payload}`).digest("base64url")}`;
}

async function call(method: string, path: string, bearer: string, body?: unknown, from = "198.18.200.1") {
  const answer = await fetch(`${SHOP}${path}`, {
    method,
    headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json", "x-forwarded-for": from },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
  return answer.json() as Promise<Record<string, unknown>>;
}

const products = (await (await fetch(`${SHOP}/api/v1/products`)).json()) as { productId: string }[];
const admin = token("demo-admin", "admin@shop.example", "ADMIN");
const paid: string[] = [];
for (let i = 0; i < COUNT; i++) {
  const name = NAMES[i % NAMES.length]!;
  const email = `${name.toLowerCase().replace(/\s+/g, ".")}@example.in`;
  const shopper = token(`demo-${i % NAMES.length}`, email, "USER");
  const orderId = `${Date.now()}demo${i}`;
  const { paymentSessionId } = (await call(
    "POST",
    "/api/payment/cashfree-order",
    shopper,
    {
      orderId,
      customerName: name,
      customerEmail: email,
      mobile: `98${String(22000000 + i * 7919).slice(0, 8)}`,
      products: [
        {
          productId: products[i % products.length]!.productId,
          selectedWeight: "250 Gram",
          selectedQuantity: 1 + (i % 3),
        },
        {
          productId: products[(i * 5 + 3) % products.length]!.productId,
          selectedWeight: "500 Gram",
          selectedQuantity: 1,
        },
      ],
      shippingAddress: PLACES[i % PLACES.length],
    },
    `198.18.200.${(i % 200) + 1}`,
  )) as { paymentSessionId: string };
  const outcome = i % 10 === 7 ? "none" : i % 10 === 9 ? "fail" : "pay";
  if (outcome !== "none") await fetch(`${SANDBOX}/checkout/${paymentSessionId}/${outcome}`, { method: "POST" });
  if (outcome === "pay") paid.push(orderId);
}
// Let the webhooks land, then move paid orders along: the older, the further.
await new Promise((resolve) => setTimeout(resolve, 2000));
const path = ["Waiting", "Preparing", "Dispatched", "Delivered"];
for (const [index, orderId] of paid.entries()) {
  const steps = index % 5; // 0: still PAID ... 4: Delivered
  for (const status of path.slice(0, steps)) {
    await call("POST", "/api/payment/update-status", admin, { orderId, orderStatus: status }).catch((error: Error) =>
      console.warn(`${orderId}: ${error.message}`),
    );
  }
}
console.log(`demo orders: ${COUNT} placed, ${paid.length} paid and moved along fulfilment`);
