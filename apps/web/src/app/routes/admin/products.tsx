import { type ProductCategory, productCategories } from '@fixpoint/shared';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { PricingTablesPage } from '../../../features/admin-products/components/pricing-tables-page';
import { ProductsPage } from '../../../features/admin-products/components/products-page';
import { usePageTitle } from '../../../lib/use-page-title';

/** The page part of /admin/products/{productsPage} to the product category it lists. */
const categoryOf: Record<string, ProductCategory> = {
  'billable-subscriptions': 'billable-subscription',
  credits: 'credits',
  'non-billable-subscriptions': 'non-billable-subscription',
};

export function AdminProductsRoute() {
  const { t } = useTranslation();
  const { productsPage } = useParams();
  const category = productsPage ? categoryOf[productsPage] : undefined;
  usePageTitle(category ? t(`adminProducts.titles.${category}`) : t('adminProducts.tables.title'));
  if (productsPage && !category) return <Navigate to={paths.admin.map.getHref()} replace />;
  return category && productCategories.includes(category) ? (
    <ProductsPage key={category} category={category} />
  ) : (
    <PricingTablesPage />
  );
}
