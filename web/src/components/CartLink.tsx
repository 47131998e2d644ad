import { Badge, Box, Float, IconButton } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import { LuShoppingCart } from "react-icons/lu";
import { Link as RouterLink } from "react-router-dom";
import { cartStore, useCart } from "../cart/cart";
import { selectTotalUnits } from "../cart/cart-store";
import { useSay } from "../i18n/i18n";

/** Spec section 9: a 50 ms buzz and a 300 ms pulse of the icon whenever the count changes. */
const PULSE_MS = 300;
const VIBRATE_MS = 50;

/** The cart icon with the number of units in the cart; no badge at zero (spec section 2). */
export function CartLink() {
  const units = useCart(selectTotalUnits);
  const say = useSay();
  // The count the pulse compares with, taken from the store itself at mount: a page hydrated from the server's
  // HTML first renders an empty cart and then the stored one, which is not a change the shopper made.
  const counted = useRef<number | null>(null);
  const [pulse, setPulse] = useState(0);
  const [pulsing, setPulsing] = useState(false);

  useEffect(() => {
    if (counted.current === null) {
      counted.current = selectTotalUnits(cartStore.getState());
      return;
    }
    if (counted.current === units) return;
    counted.current = units;
    navigator.vibrate?.(VIBRATE_MS);
    setPulse((count) => count + 1);
    setPulsing(true);
    const timer = window.setTimeout(() => setPulsing(false), PULSE_MS);
    return () => window.clearTimeout(timer);
  }, [units]);

  return (
    <Box position="relative" display="inline-flex">
      <IconButton
        asChild
        variant="outline"
        colorPalette="brand"
        size="lg"
        bg="white"
        borderColor="brand.600"
        aria-label={units === 0 ? say("cart.linkEmpty") : say("cart.linkUnits", { count: units })}
      >
        <RouterLink to="/cart" data-testid="cart-link" data-pulsing={pulsing || undefined}>
          {/* A new key restarts the animation when the count changes again within a pulse. */}
          <Box
            key={pulse}
            as="span"
            display="inline-flex"
            animation={pulse > 0 ? `cartPulse ${PULSE_MS}ms ease-in-out` : undefined}
          >
            <LuShoppingCart />
          </Box>
        </RouterLink>
      </IconButton>
      {units > 0 && (
        <Float placement="top-end" offset="1" pointerEvents="none">
          <Badge
            data-testid="cart-badge"
            aria-hidden="true"
            colorPalette="red"
            variant="solid"
            borderRadius="full"
            minW="6"
            justifyContent="center"
            fontVariantNumeric="tabular-nums"
          >
            {units}
          </Badge>
        </Float>
      )}
    </Box>
  );
}
