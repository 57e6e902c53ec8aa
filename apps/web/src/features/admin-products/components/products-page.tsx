import { type AdminProduct, formatMoney, type ProductCategory } from '@fixpoint/shared';
import { Badge, Button, Group, Menu, Skeleton, Stack, Switch, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconArchive, IconDots, IconPackage, IconPencil, IconPlus, IconRestore, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { PageHeading } from '../../../components/page-heading';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import {
  adminProductKeys,
  adminProductsQueryOptions,
  deleteProduct,
  setProductArchived,
} from '../api/admin-products-api';
import { ProductDialog } from './product-dialog';

/**
 * Admin → Products → credit packs, automated (billable) or manual subscriptions: the list with prices and sales, and
 * create, edit, archive, restore and delete (only a product never bought can be deleted).
 */
export function ProductsPage({ category }: { category: ProductCategory }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [showArchived, setShowArchived] = useState(false);
  const [editing, setEditing] = useState<AdminProduct | 'new' | null>(null);
  const products = useQuery(adminProductsQueryOptions(category, showArchived));
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminProductKeys.all });
  const archive = useMutation({
    mutationFn: ({ id, isArchived }: { id: string; isArchived: boolean }) => setProductArchived(id, isArchived),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: deleteProduct, onSuccess: refresh });
  const isCredits = category === 'credits';

  const onDelete = (product: AdminProduct) => {
    if (window.confirm(t('adminProducts.confirmDelete', { name: product.name }))) remove.mutate(product.id);
  };

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeading
        title={t(`adminProducts.titles.${category}`)}
        icon={IconPackage}
        description={t(`adminProducts.intros.${category}`)}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {t('adminProducts.new')}
          </Button>
        }
      />
      <Switch
        label={t('adminProducts.showArchived')}
        checked={showArchived}
        onChange={(event) => setShowArchived(event.currentTarget.checked)}
      />
      <ErrorAlert error={archive.error ?? remove.error} />
      {products.isPending ? (
        <Stack gap="xs" aria-busy>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={44} radius="sm" />
          ))}
        </Stack>
      ) : products.isError ? (
        <QueryErrorAlert query={products} />
      ) : products.data.length === 0 ? (
        <Stack gap="sm" align="flex-start">
          <Text c="dimmed">{t(`adminProducts.empty.${category}`)}</Text>
          <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {t('adminProducts.new')}
          </Button>
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="sm" aria-label={t(`adminProducts.titles.${category}`)}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('adminProducts.fields.name')}</Table.Th>
                <Table.Th ta="right">{t('adminProducts.fields.price')}</Table.Th>
                <Table.Th>
                  {isCredits ? t('adminProducts.fields.creditsAmount') : t('adminProducts.fields.network')}
                </Table.Th>
                {!isCredits && <Table.Th ta="right">{t('adminProducts.fields.seats')}</Table.Th>}
                <Table.Th ta="right">{t('adminProducts.sold')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('adminProducts.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {products.data.map((product) => (
                <Table.Tr key={product.id} data-testid="product-row" opacity={product.isArchived ? 0.6 : 1}>
                  <Table.Td>
                    <Group gap={6}>
                      <Text size="sm" fw={500}>
                        {product.name}
                      </Text>
                      {product.bestChoice && <Badge size="xs">{t('pricing.recommended')}</Badge>}
                      {product.testMode && (
                        <Badge size="xs" color="yellow" variant="light">
                          {t('pricing.testMode')}
                        </Badge>
                      )}
                      {product.isArchived && (
                        <Badge size="xs" color="gray" variant="light">
                          {t('adminProducts.archived')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatMoney(product.amount, product.currency)}
                    {product.interval && (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        {t(`pricing.per.${product.interval}`)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {isCredits ? product.creditsAmount : (product.networkName ?? t('adminProducts.noNetwork'))}
                  </Table.Td>
                  {!isCredits && <Table.Td ta="right">{product.seats}</Table.Td>}
                  <Table.Td ta="right">{product.soldCount}</Table.Td>
                  <Table.Td ta="right">
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <Button
                          variant="subtle"
                          color="gray"
                          size="compact-sm"
                          aria-label={t('adminProducts.actionsFor', { name: product.name })}
                        >
                          <IconDots size={16} />
                        </Button>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setEditing(product)}>
                          {t('adminProducts.edit')}
                        </Menu.Item>
                        <Menu.Item
                          leftSection={product.isArchived ? <IconRestore size={14} /> : <IconArchive size={14} />}
                          onClick={() => archive.mutate({ id: product.id, isArchived: !product.isArchived })}
                        >
                          {product.isArchived ? t('adminProducts.unarchive') : t('adminProducts.archive')}
                        </Menu.Item>
                        {product.soldCount === 0 && (
                          <Menu.Item
                            color="red"
                            leftSection={<IconTrash size={14} />}
                            onClick={() => onDelete(product)}
                          >
                            {t('adminProducts.delete')}
                          </Menu.Item>
                        )}
                      </Menu.Dropdown>
                    </Menu>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing && (
        <ProductDialog
          category={category}
          product={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
