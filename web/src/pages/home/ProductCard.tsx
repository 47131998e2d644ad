import { Box, Button, Card, Field, Flex, Image, NativeSelect, Text } from "@chakra-ui/react";
import { formatRupees, isWeight, WEIGHTS } from "@storefront/contracts/plain";
import { LuShoppingBag } from "react-icons/lu";
import { addFromCard, chooseWeight, useCardWeight } from "../../cart/card-choices";
import { cartStore, useCart } from "../../cart/cart";
import { unitPrice } from "../../cart/cart-rules";
import { QuantityStepper } from "../../components/QuantityStepper";
import type { Product } from "../../contracts";
import { earlyTap } from "../../early-taps/early-taps";
import { useLanguage } from "../../i18n/i18n";
import { kitchenNoteText, useKitchenNote } from "../../kitchen/kitchen-notes";

interface ProductCardProps {
  product: Product;
  /** The first cards are above the fold: their images load at once, the rest when scrolled near. */
  eager: boolean;
  /** The first card's image is the page's largest paint on a phone: fetched ahead of the scripts. */
  priority?: boolean;
}

/** Spec section 2, product card: image, name, description, weight, price, then Add or minus/quantity/plus. */
export function ProductCard({ product, eager, priority = false }: ProductCardProps) {
  const quantity = useCart(
    (state) => state.items.find((item) => item.productId === product.productId)?.selectedQuantity ?? 0,
  );
  const weight = useCardWeight(product);
  const selectId = `weight-${product.productId}`;
  const language = useLanguage();
  const { say } = language;
  const kitchenNote = kitchenNoteText(useKitchenNote(product.productId), language);
  const name = language.productName(product);
  const description = language.productDescription(product);

  return (
    <Card.Root data-testid="product-card" overflow="hidden" bg="white" height="full" variant="outline">
      <Box bg="brand.50" aspectRatio="4 / 3">
        <Image
          src={product.image}
          alt={name}
          htmlWidth={400}
          htmlHeight={300}
          width="full"
          height="auto"
          aspectRatio="4 / 3"
          fit="cover"
          loading={eager ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : undefined}
          decoding="async"
          color="gray.500"
          fontSize="sm"
        />
      </Box>
      <Card.Body gap="2" p="4">
        <Card.Title as="h3" data-testid="product-name" fontSize="lg" lineHeight="short">
          {name}
        </Card.Title>
        <Card.Description data-testid="product-description" color="gray.600">
          {description.trim() === "" ? "-" : description}
        </Card.Description>
      </Card.Body>
      <Card.Footer flexDirection="column" alignItems="stretch" gap="3" p="4" pt="0" mt="auto">
        <Flex align="flex-end" justify="space-between" gap="3">
          <Field.Root width="auto" flex="1" maxW="40">
            <Field.Label htmlFor={selectId} fontSize="xs" color="gray.600">
              {say("card.weight")}
            </Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                id={selectId}
                data-testid="weight-select"
                {...earlyTap("weight", product.productId)}
                value={weight}
                onChange={(event) => {
                  const chosen = event.currentTarget.value;
                  if (isWeight(chosen)) chooseWeight(product.productId, chosen);
                }}
              >
                {WEIGHTS.map((option) => (
                  <option key={option} value={option}>
                    {say(`weight.${option}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Text data-testid="product-price" fontSize="xl" fontWeight="bold" color="brand.fg" whiteSpace="nowrap">
            {formatRupees(unitPrice(product, weight))}
          </Text>
        </Flex>
        {kitchenNote && product.availability !== "sold-out" && (
          // The kitchen's room today (docs/back-office.md): an order placed now is made on the next day with room.
          <Text data-testid="kitchen-note" fontSize="sm" color="orange.700" mt="-1">
            {kitchenNote}
          </Text>
        )}
        {quantity === 0 && product.availability === "sold-out" ? (
          // The owner marked it sold out (docs/back-office.md): no Add, and the checkout refuses it too.
          <Button data-testid="sold-out" disabled variant="subtle">
            {say("kitchen.soldOut")}
          </Button>
        ) : quantity === 0 ? (
          <Button
            data-testid="add-to-cart"
            {...earlyTap("add", product.productId)}
            colorPalette="brand"
            onClick={() => addFromCard(product)}
          >
            <LuShoppingBag aria-hidden="true" /> {say("card.add")}
          </Button>
        ) : (
          <Flex justify="center" align="center" minH="10">
            <QuantityStepper
              quantity={quantity}
              productName={name}
              onDecrease={() => cartStore.getState().remove(product.productId)}
              onIncrease={() => addFromCard(product)}
            />
          </Flex>
        )}
      </Card.Footer>
    </Card.Root>
  );
}
