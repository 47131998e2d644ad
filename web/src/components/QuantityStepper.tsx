import { Badge, HStack, IconButton } from "@chakra-ui/react";
import { LuMinus, LuPlus } from "react-icons/lu";
import { useSay } from "../i18n/i18n";

interface QuantityStepperProps {
  quantity: number;
  productName: string;
  onDecrease: () => void;
  onIncrease: () => void;
}

/** Minus and plus: what each says (with the product it changes) and shows; the browser tests find them by step. */
const STEPS = {
  decrease: { label: "stepper.removeOne", Icon: LuMinus },
  increase: { label: "stepper.addOne", Icon: LuPlus },
} as const;

/** Minus and plus look and speak alike: outlined in the shop's colour, named with the product they change. */
function StepButton({
  step,
  productName,
  onClick,
}: {
  step: keyof typeof STEPS;
  productName: string;
  onClick: () => void;
}) {
  const say = useSay();
  const { label, Icon } = STEPS[step];
  return (
    <IconButton
      data-testid={`${step}-quantity`}
      aria-label={say(label)}
      title={`${say(label)}: ${productName}`}
      size="sm"
      variant="outline"
      colorPalette="brand"
      borderColor="brand.600"
      onClick={onClick}
    >
      <Icon />
    </IconButton>
  );
}

/** Minus, quantity, plus: a product card with units in the cart, and every cart page line (spec section 2). */
export function QuantityStepper({ quantity, productName, onDecrease, onIncrease }: QuantityStepperProps) {
  const say = useSay();
  return (
    <HStack gap="2" role="group" aria-label={say("stepper.quantityOf", { product: productName })}>
      <StepButton step="decrease" productName={productName} onClick={onDecrease} />
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
      <StepButton step="increase" productName={productName} onClick={onIncrease} />
    </HStack>
  );
}
