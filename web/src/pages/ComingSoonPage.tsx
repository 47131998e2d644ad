import { Badge, Text } from "@chakra-ui/react";
import { useParams } from "react-router-dom";
import { BackToShopPage } from "../components/BackToShopPage";
import { useSay } from "../i18n/i18n";

/** A screen of the route table that later work builds: says what it will do and leads back to the shop. */
export default function ComingSoonPage({ title, purpose }: { title: string; purpose: string }) {
  const say = useSay();
  const { orderId, addressId } = useParams();
  return (
    <BackToShopPage
      testId="coming-soon"
      mark={
        <Badge colorPalette="brand" variant="subtle" size="lg">
          {say("soon.title")}
        </Badge>
      }
      title={title}
      back={say("soon.back")}
    >
      {orderId && <Text color="gray.600">Order {orderId}</Text>}
      {addressId && <Text color="gray.600">Address {addressId}</Text>}
      <Text fontSize="lg">{purpose}</Text>
      <Text color="gray.600">{say("soon.text")}</Text>
    </BackToShopPage>
  );
}
