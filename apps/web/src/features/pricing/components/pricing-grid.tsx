import { type PricingProduct, pricingGridColumns } from '@fixpoint/shared';
import { SimpleGrid } from '@mantine/core';
import { PricingCard } from './pricing-card';

/** Spec 2: 1 column for 1 product, 2 for 2, up to 3 for 3, up to 4 for more; fewer on narrow screens. */
export function PricingGrid({
  products,
  loadingPriceId,
  isPreview,
  onBuy,
}: {
  products: PricingProduct[];
  loadingPriceId?: string;
  isPreview?: boolean;
  onBuy?: (product: PricingProduct) => void;
}) {
  const columns = pricingGridColumns(products.length);
  return (
    <SimpleGrid
      cols={{ base: 1, sm: Math.min(columns, 2), md: Math.min(columns, 3), lg: columns }}
      spacing="md"
      data-columns={columns}
    >
      {products.map((product) => (
        <PricingCard
          key={product.priceId}
          product={product}
          isPreview={isPreview}
          isLoading={loadingPriceId === product.priceId}
          isDisabled={loadingPriceId !== undefined}
          onBuy={onBuy}
        />
      ))}
    </SimpleGrid>
  );
}
