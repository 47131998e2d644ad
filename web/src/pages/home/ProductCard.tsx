import { Box, Button, Card, Field, Flex, Image, NativeSelect, Text } from "@chakra-ui/react";
import { formatRupees, isWeight, WEIGHTS, type Weight } from "@storefront/contracts/plain";
import { useState } from "react";
import { LuShoppingBag } from "react-icons/lu";
import { cartStore, useCart } from "../../cart/cart";
import { addToCart } from "../../cart/cart-actions";
import { unitPrice } from "../../cart/cart-rules";
import { QuantityStepper } from "../../components/QuantityStepper";
import type { Product } from "../../contracts";

interface ProductCardProps {
  product: Product;
  /** The first cards are above the fold: their images load at once, the rest when scrolled near. */
  eager: boolean;
  /** The first card's image is the page's largest paint on a phone: fetched ahead of the scripts. */
  priority?: boolean;
}

/** Spec section 2, product card: image, name, description, weight, price, then Add or minus/quantity/plus. */
export function ProductCard({ product, eager, priority = false }: ProductCardProps) {
  const line = useCart((state) => state.items.find((item) => item.productId === product.productId));
  // Until the product is in the cart the card remembers its own choice; after that the cart line is the truth.
  const [chosenWeight, setChosenWeight] = useState<Weight>(product.selectedWeight);
  const weight = line?.selectedWeight ?? chosenWeight;
  const quantity = line?.selectedQuantity ?? 0;
  const selectId = `weight-${product.productId}`;

  const onWeightChange = (value: string) => {
    if (!isWeight(value)) return;
    setChosenWeight(value);
    if (line) cartStore.getState().changeWeight(product.productId, value);
  };

  return (
    <Card.Root data-testid="product-card" overflow="hidden" bg="white" height="full" variant="outline">
      <Box bg="brand.50" aspectRatio="4 / 3">
        <Image
          src={product.image}
          alt={product.name}
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
          {product.name}
        </Card.Title>
        <Card.Description data-testid="product-description" color="gray.600">
          {product.description.trim() === "" ? "-" : product.description}
        </Card.Description>
      </Card.Body>
      <Card.Footer flexDirection="column" alignItems="stretch" gap="3" p="4" pt="0" mt="auto">
        <Flex align="flex-end" justify="space-between" gap="3">
          <Field.Root width="auto" flex="1" maxW="40">
            <Field.Label htmlFor={selectId} fontSize="xs" color="gray.600">
              Weight
            </Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                id={selectId}
                data-testid="weight-select"
                value={weight}
                onChange={(event) => onWeightChange(event.currentTarget.value)}
              >
                {WEIGHTS.map((option) => (
                  <option key={option} value={option}>
                    {option}
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
        {quantity === 0 ? (
          <Button data-testid="add-to-cart" colorPalette="brand" onClick={() => addToCart(product, weight)}>
            <LuShoppingBag aria-hidden="true" /> Add
          </Button>
        ) : (
          <Flex justify="center" align="center" minH="10">
            <QuantityStepper
              quantity={quantity}
              productName={product.name}
              onDecrease={() => cartStore.getState().remove(product.productId)}
              onIncrease={() => addToCart(product, weight)}
            />
          </Flex>
        )}
      </Card.Footer>
    </Card.Root>
  );
}
