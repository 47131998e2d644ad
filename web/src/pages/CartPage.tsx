import { Box, Button, Flex, Heading, Image, Separator, Stack, Text } from "@chakra-ui/react";
import { formatRupees } from "@storefront/contracts/plain";
import { useEffect } from "react";
import { LuArrowLeft, LuShoppingCart } from "react-icons/lu";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import { cartStore, useCart } from "../cart/cart";
import { addToCart, checkout } from "../cart/cart-actions";
import { type CartItem, lineTotal } from "../cart/cart-rules";
import { selectTotalPaise, selectTotalUnits } from "../cart/cart-store";
import { PageCard } from "../components/PageCard";
import { QuantityStepper } from "../components/QuantityStepper";
import { cartDeliveryNote, firstOption } from "../delivery/delivery-words";
import { PincodeCheck, useCheckedOptions } from "../delivery/PincodeCheck";
import { useLanguage, useSay } from "../i18n/i18n";
import { kitchenNoteText, loadKitchenNotes, useKitchenNote } from "../kitchen/kitchen-notes";

function CartLine({ item }: { item: CartItem }) {
  const language = useLanguage();
  const kitchenNote = kitchenNoteText(useKitchenNote(item.productId), language);
  const name = language.productName(item);
  return (
    <Flex as="li" data-testid="cart-item" gap={{ base: "3", md: "5" }} py="4" align="center" wrap="wrap">
      <Image
        src={item.image}
        alt={name}
        htmlWidth={96}
        htmlHeight={72}
        width={{ base: "20", md: "24" }}
        height="auto"
        aspectRatio="4 / 3"
        fit="cover"
        borderRadius="md"
        bg="brand.50"
        flexShrink={0}
      />
      <Stack gap="1" flex="1" minW="40">
        <Text fontWeight="semibold" fontSize="lg" data-testid="cart-item-name">
          {name}
        </Text>
        <Text color="gray.600" data-testid="unit-price">
          {language.say("cart.unitPrice", {
            price: formatRupees(item.price),
            weight: language.say(`weight.${item.selectedWeight}`),
          })}
        </Text>
        {kitchenNote && (
          <Text fontSize="sm" color="orange.700" data-testid="kitchen-note">
            {kitchenNote}
          </Text>
        )}
      </Stack>
      <Flex align="center" gap={{ base: "3", md: "6" }} justify="space-between" width={{ base: "full", sm: "auto" }}>
        <QuantityStepper
          quantity={item.selectedQuantity}
          productName={name}
          onDecrease={() => cartStore.getState().remove(item.productId)}
          onIncrease={() => addToCart(item, item.selectedWeight)}
        />
        <Text data-testid="line-total" fontWeight="bold" minW="24" textAlign="end" fontVariantNumeric="tabular-nums">
          {formatRupees(lineTotal(item))}
        </Text>
      </Flex>
    </Flex>
  );
}

/** Spec section 2, cart page. */
export default function CartPage() {
  const navigate = useNavigate();
  const items = useCart((state) => state.items);
  const units = useCart(selectTotalUnits);
  const total = useCart(selectTotalPaise);
  const say = useSay();
  const language = useLanguage();
  const options = useCheckedOptions();
  useEffect(() => void loadKitchenNotes().catch(() => {}), []);

  return (
    <PageCard maxW="4xl">
      <Stack gap="6">
        <Heading as="h1" size="2xl" display="flex" alignItems="center" gap="3">
          <LuShoppingCart aria-hidden="true" /> {say("cart.title")}
        </Heading>
        {items.length === 0 ? (
          <Stack gap="4" align="flex-start" data-testid="cart-empty">
            <Text fontSize="lg">{say("cart.empty")}</Text>
            <Button asChild variant="outline" colorPalette="brand" borderColor="brand.600">
              <RouterLink to="/home">
                <LuArrowLeft aria-hidden="true" /> {say("cart.continue")}
              </RouterLink>
            </Button>
          </Stack>
        ) : (
          <Box as="ul" listStyleType="none" p="0" m="0" css={{ "& > li + li": { borderTopWidth: "1px" } }}>
            {items.map((item) => (
              <CartLine key={item.productId} item={item} />
            ))}
          </Box>
        )}
        <Separator />
        <Flex justify="space-between" align="center" gap="4" wrap="wrap">
          <Stack gap="0">
            <Text color="gray.600">{say("cart.total", { count: units })}</Text>
            <Text data-testid="cart-total" fontSize="2xl" fontWeight="bold" color="brand.fg">
              {formatRupees(total)}
            </Text>
          </Stack>
          <Flex gap="3" wrap="wrap">
            {items.length > 0 && (
              <Button asChild variant="ghost" colorPalette="brand">
                <RouterLink to="/home">{say("cart.addMore")}</RouterLink>
              </Button>
            )}
            <Button data-testid="checkout" colorPalette="brand" size="lg" onClick={() => checkout(navigate)}>
              {say("home.checkout")}
            </Button>
          </Flex>
        </Flex>
        <PincodeCheck />
        {/* What checkout will add for the pincode checked above (its first option), else the spec's postal note. */}
        <Text fontSize="sm" color="gray.600" data-testid="cart-delivery-note">
          {cartDeliveryNote(language, options && firstOption(options))}
        </Text>
      </Stack>
    </PageCard>
  );
}
