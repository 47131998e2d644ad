import { Badge, HStack, IconButton } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { LuMinus, LuPlus } from "react-icons/lu";
import { useSay } from "../i18n/i18n";

interface QuantityStepperProps {
  quantity: number;
  productName: string;
  onDecrease: () => void;
  onIncrease: () => void;
}

/** Minus and plus look and speak alike: outlined in the shop's colour, named with the product they change. */
function StepButton({
  label,
  productName,
  testId,
  onClick,
  children,
}: {
  label: string;
  productName: string;
  testId: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <IconButton
      data-testid={testId}
      aria-label={label}
      title={`${label}: ${productName}`}
      size="sm"
      variant="outline"
      colorPalette="brand"
      borderColor="brand.600"
      onClick={onClick}
    >
      {children}
    </IconButton>
  );
}

/** Minus, quantity, plus: a product card with units in the cart, and every cart page line (spec section 2). */
export function QuantityStepper({ quantity, productName, onDecrease, onIncrease }: QuantityStepperProps) {
  const say = useSay();
  return (
    <HStack gap="2" role="group" aria-label={say("stepper.quantityOf", { product: productName })}>
      <StepButton
        label={say("stepper.removeOne")}
        productName={productName}
        testId="decrease-quantity"
        onClick={onDecrease}
      >
        <LuMinus />
      </StepButton>
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
      <StepButton
        label={say("stepper.addOne")}
        productName={productName}
        testId="increase-quantity"
        onClick={onIncrease}
      >
        <LuPlus />
      </StepButton>
    </HStack>
  );
}
