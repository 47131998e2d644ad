import { Badge, HStack, IconButton } from "@chakra-ui/react";
import { LuMinus, LuPlus } from "react-icons/lu";
import { useSay } from "../i18n/i18n";

interface QuantityStepperProps {
  quantity: number;
  productName: string;
  onDecrease: () => void;
  onIncrease: () => void;
}

/** Minus and plus look alike: outlined in the shop's colour. */
const STEP_LOOK = { size: "sm", variant: "outline", colorPalette: "brand", borderColor: "brand.600" } as const;

/** Minus, quantity, plus: a product card with units in the cart, and every cart page line (spec section 2). */
export function QuantityStepper({ quantity, productName, onDecrease, onIncrease }: QuantityStepperProps) {
  const say = useSay();
  return (
    <HStack gap="2" role="group" aria-label={say("stepper.quantityOf", { product: productName })}>
      <IconButton
        data-testid="decrease-quantity"
        aria-label={say("stepper.removeOne")}
        title={`${say("stepper.removeOne")}: ${productName}`}
        {...STEP_LOOK}
        onClick={onDecrease}
      >
        <LuMinus />
      </IconButton>
      <Badge
        data-testid="quantity"
        aria-live="polite"
        colorPalette="brand"
        variant="solid"
        size="lg"
        minW="9"
        justifyContent="center"
        fontVariantNumeric="tabular-nums"
      >
        {quantity}
      </Badge>
      <IconButton
        data-testid="increase-quantity"
        aria-label={say("stepper.addOne")}
        title={`${say("stepper.addOne")}: ${productName}`}
        {...STEP_LOOK}
        onClick={onIncrease}
      >
        <LuPlus />
      </IconButton>
    </HStack>
  );
}
