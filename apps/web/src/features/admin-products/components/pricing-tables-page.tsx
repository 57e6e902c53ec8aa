import { type AdminPricingTable, formatMoney } from '@fixpoint/shared';
import { ActionIcon, Anchor, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPackage, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  adminProductKeys,
  deletePricingTable,
  orderPricingTables,
  pricingTablesQueryOptions,
} from '../../../api/admin-products-api';
import { ListPage } from '../../../components/list-page';
import { paths } from '../../../config/paths';
import { PricingTableDialog } from './pricing-table-dialog';

/** Admin → Products: the pricing tables customers choose plans from, in the order the plan chooser lists them. */
export function PricingTablesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const tables = useQuery(pricingTablesQueryOptions());
  const [editing, setEditing] = useState<AdminPricingTable | 'new' | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminProductKeys.all });
  const order = useMutation({ mutationFn: orderPricingTables, onSuccess: refresh });
  const remove = useMutation({ mutationFn: deletePricingTable, onSuccess: refresh });

  const move = (index: number, by: -1 | 1) => {
    const ids = (tables.data ?? []).map((table) => table.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved as string);
    order.mutate(ids);
  };

  return (
    <>
      <ListPage
        title={t('adminProducts.tables.title')}
        icon={IconPackage}
        description={t('adminProducts.tables.intro')}
        maw={1200}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {t('adminProducts.tables.new')}
          </Button>
        }
        filters={
          <Group gap="md">
            {(['billable-subscriptions', 'credits', 'non-billable-subscriptions'] as const).map((page) => (
              <Anchor key={page} component={Link} to={paths.admin.products.getHref(page)} size="sm">
                {t(`adminProducts.links.${page}`)}
              </Anchor>
            ))}
          </Group>
        }
        actionError={order.error ?? remove.error}
        query={tables}
        isEmpty={(data) => data.length === 0}
        empty={t('adminProducts.tables.empty')}
        loading={<Skeleton height={120} radius="md" />}
      >
        {(data) =>
          data.map((table, index) => (
            <Card key={table.id} withBorder radius="md" padding="lg" data-testid="pricing-table">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Stack gap={4}>
                  <Group gap="xs">
                    <Title order={2} size="h4">
                      {table.name}
                    </Title>
                    <Badge variant="light" color="gray">
                      {table.networkName ?? t('adminProducts.tables.anyNetwork')}
                    </Badge>
                  </Group>
                  {table.description && (
                    <Text size="sm" c="dimmed">
                      {table.description}
                    </Text>
                  )}
                  <Text size="sm">
                    {table.data.length === 0
                      ? t('adminProducts.tables.nothingOnSale')
                      : table.data.map((p) => `${p.name} (${formatMoney(p.amount, p.currency)})`).join(' · ')}
                  </Text>
                </Stack>
                <Group gap={2} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                    aria-label={t('adminProducts.tables.moveUp', { name: table.name })}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    disabled={index === data.length - 1}
                    onClick={() => move(index, 1)}
                    aria-label={t('adminProducts.tables.moveDown', { name: table.name })}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    onClick={() => setEditing(table)}
                    aria-label={t('adminProducts.tables.edit', { name: table.name })}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() =>
                      window.confirm(t('adminProducts.tables.confirmDelete', { name: table.name })) &&
                      remove.mutate(table.id)
                    }
                    aria-label={t('adminProducts.tables.delete', { name: table.name })}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Group>
            </Card>
          ))
        }
      </ListPage>
      {editing && <PricingTableDialog table={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}
