/** An amount in paise as the shop writes it (₹1,310.00). */
export const rupees = (paise: number) =>
  new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" }).format(paise / 100);
