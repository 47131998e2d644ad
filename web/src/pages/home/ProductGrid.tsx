import { Box, chakra } from "@chakra-ui/react";
import { hydrateApart } from "../../app/hydrate-apart";
import { PageSpinner } from "../../components/PageSpinner";
import type { Product } from "../../contracts";
import { useSay } from "../../i18n/i18n";
import { ProductCard } from "./ProductCard";

/**
 * Spec section 2: columns by window width, under 670 one, under 1050 two, under 1462 three, under 1638 four,
 * otherwise five. Plain media queries, because Chakra's breakpoints are other widths.
 */
const columnsByWidth = {
  gridTemplateColumns: "repeat(1, minmax(0, 1fr))",
  "@media (min-width: 670px)": { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" },
  "@media (min-width: 1050px)": { gridTemplateColumns: "repeat(3, minmax(0, 1fr))" },
  "@media (min-width: 1462px)": { gridTemplateColumns: "repeat(4, minmax(0, 1fr))" },
  "@media (min-width: 1638px)": { gridTemplateColumns: "repeat(5, minmax(0, 1fr))" },
} as const;

/** How many cards load their image at once: the first row or two on most screens. */
const EAGER_IMAGES = 4;

export function ProductGrid({ products, loading }: { products: Product[]; loading: boolean }) {
  const say = useSay();
  return (
    <Box aria-busy={loading}>
      {loading && <PageSpinner label={say("grid.loading")} />}
      <chakra.ul
        data-testid="product-grid"
        display="grid"
        gap={{ base: "4", md: "6" }}
        listStyleType="none"
        p="0"
        m="0"
        css={columnsByWidth}
      >
        {products.map((product, index) => (
          <chakra.li key={product.productId}>
            <CardOfItsOwn product={product} eager={index < EAGER_IMAGES} priority={index === 0} />
          </chakra.li>
        ))}
      </chakra.ul>
    </Box>
  );
}

/** Each card hydrates on its own: see hydrateApart. */
const CardOfItsOwn = hydrateApart(ProductCard);
