import { Link } from "@chakra-ui/react";
import { shop } from "../../shop";

/** How to reach the shop about a policy matter: same words on every policy page. */
export function GrievanceContact() {
  return (
    <>
      write to{" "}
      <Link href={`mailto:${shop.email}`} color="brand.fg" textDecoration="underline">
        {shop.email}
      </Link>{" "}
      or call{" "}
      <Link href={shop.phoneHref} color="brand.fg" textDecoration="underline">
        {shop.phone}
      </Link>{" "}
      ({shop.hours})
    </>
  );
}
