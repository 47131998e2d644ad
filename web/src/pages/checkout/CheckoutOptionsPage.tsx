import { useNavigate } from "react-router-dom";
import { PageCard } from "../../components/PageCard";
import { useSay } from "../../i18n/i18n";
import { ShopperModes } from "./ShopperModes";

/**
 * `/checkoutuser` (spec section 2): three ways on to payment, Login by default. Signup logs the new customer in,
 * login signs in, a guest's details stay in browser storage; each then goes to `/payment`.
 */
export default function CheckoutOptionsPage() {
  const navigate = useNavigate();
  const say = useSay();
  return (
    <PageCard maxW="3xl" heading={say("checkout.title")}>
      <ShopperModes onReady={() => navigate("/payment")} />
    </PageCard>
  );
}
