import { Link } from "@chakra-ui/react";
import { shopIn } from "@storefront/contracts/plain";
import { useLanguage } from "../../i18n/i18n";
import { shop } from "../../shop";

/** How to reach the shop about a policy matter: same words on every policy page, in the page's language. */
export function GrievanceContact() {
  const { say, language } = useLanguage();
  return (
    <>
      {say("policy.writeTo")}{" "}
      <Link href={`mailto:${shop.email}`} color="brand.fg" textDecoration="underline">
        {shop.email}
      </Link>{" "}
      {say("policy.orCall")}{" "}
      <Link href={shop.phoneHref} color="brand.fg" textDecoration="underline">
        {shop.phone}
      </Link>{" "}
      ({shopIn(language).hours})
    </>
  );
}
