import { Text } from "@chakra-ui/react";
import { BackToShopPage } from "../components/BackToShopPage";
import { useSay } from "../i18n/i18n";

export default function NotFoundPage() {
  const say = useSay();
  return (
    <BackToShopPage
      testId="not-found"
      mark={
        <Text fontSize="5xl" fontWeight="bold" color="brand.fg" lineHeight="1">
          404
        </Text>
      }
      title={say("notFound.title")}
      back={say("notFound.go")}
    >
      <Text fontSize="lg">{say("notFound.text")}</Text>
    </BackToShopPage>
  );
}
