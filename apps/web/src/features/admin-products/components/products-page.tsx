import { type AdminProduct, formatMoney, type ProductCategory } from '@fixpoint/shared';
import { Badge, Button, Group, Menu, Stack, Switch, Table, Text } from '@mantine/core';
import { IconArchive, IconDots, IconPackage, IconPencil, IconPlus, IconRestore, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  adminProductKeys,
  adminProductsQueryOptions,
  deleteProduct,
  setProductArchived,
} from '../../../api/admin-products-api';
import { ListPage, ListTable, tabularNumbers } from '../../../components/list-page';
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
    <>
      <ListPage
        title={t(`adminProducts.titles.${category}`)}
        icon={IconPackage}
        description={t(`adminProducts.intros.${category}`)}
        maw={1200}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {t('adminProducts.new')}
          </Button>
        }
        filters={
          <Switch
            label={t('adminProducts.showArchived')}
            checked={showArchived}
            onChange={(event) => setShowArchived(event.currentTarget.checked)}
          />
        }
        actionError={archive.error ?? remove.error}
        query={products}
        isEmpty={(data) => data.length === 0}
        empty={
          <Stack gap="sm" align="flex-start">
            <Text c="dimmed">{t(`adminProducts.empty.${category}`)}</Text>
            <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              {t('adminProducts.new')}
            </Button>
          </Stack>
        }
      >
        {(data) => (
          <ListTable
            label={t(`adminProducts.titles.${category}`)}
            minWidth={720}
            hasActions
            columns={[
              { header: t('adminProducts.fields.name') },
              { header: t('adminProducts.fields.price'), isNumeric: true },
              { header: isCredits ? t('adminProducts.fields.creditsAmount') : t('adminProducts.fields.network') },
              ...(isCredits ? [] : [{ header: t('adminProducts.fields.seats'), isNumeric: true }]),
              { header: t('adminProducts.sold'), isNumeric: true },
            ]}
          >
            {data.map((product) => (
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
                <Table.Td ta="right" style={tabularNumbers}>
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
                        <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => onDelete(product)}>
                          {t('adminProducts.delete')}
                        </Menu.Item>
                      )}
                    </Menu.Dropdown>
                  </Menu>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </ListPage>
      {editing && (
        <ProductDialog
          category={category}
          product={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
