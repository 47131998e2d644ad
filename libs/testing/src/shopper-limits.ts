/**
 * order-payment's environment for a test or bench in which one shopper, from one address and one mobile number,
 * places many orders before paying them (docs/order-lifecycle.md, Open orders and holds): the open-order limits and
 * the unpaid share of a day lifted, so what is measured or checked is not those limits. Their own tests keep them.
 */
export const MANY_ORDERS_FROM_ONE_SHOPPER = {
  OPEN_ORDERS_PER_CUSTOMER: "100000",
  OPEN_ORDERS_PER_MOBILE: "100000",
  OPEN_ORDERS_PER_CLIENT: "100000",
  OPEN_CASH_ORDERS_PER_CUSTOMER: "100000",
  OPEN_CASH_ORDERS_PER_MOBILE: "100000",
  UNPAID_SHARE_PERCENT: "100",
} as const;

/**
 * The same for a whole shop under test whose shoppers all come from one address with one mobile number (the browser
 * journeys, the attack suite): per address and per mobile lifted, per email kept, as each journey has its own email.
 */
export const ONE_ADDRESS_MANY_SHOPPERS = {
  OPEN_ORDERS_PER_MOBILE: "100000",
  OPEN_ORDERS_PER_CLIENT: "100000",
  OPEN_CASH_ORDERS_PER_MOBILE: "100000",
  UNPAID_SHARE_PERCENT: "100",
} as const;
