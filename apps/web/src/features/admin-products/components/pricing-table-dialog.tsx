import { type AdminPricingTable, formatMoney, productLimits } from '@fixpoint/shared';
import { ActionIcon, Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminNetworksQueryOptions } from '../../../api/admin-networks-api';
import { adminProductKeys, adminProductsQueryOptions, savePricingTable } from '../../../api/admin-products-api';
import { ErrorAlert } from '../../../components/error-alert';

/** Creates or edits a pricing table: name, description, optional network, and its plans in the order shown. */
export function PricingTableDialog({ table, onClose }: { table: AdminPricingTable | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const networks = useQuery(adminNetworksQueryOptions());
  const products = useQuery(adminProductsQueryOptions('billable-subscription', false));
  const [name, setName] = useState(table?.name ?? '');
  const [description, setDescription] = useState(table?.description ?? '');
  const [networkId, setNetworkId] = useState<string | null>(table?.networkId ?? null);
  const [productIds, setProductIds] = useState<string[]>(table?.productIds ?? []);
  const [errors, setErrors] = useState<{ name?: string; products?: string }>({});

  const candidates = (products.data ?? []).filter((p) => !networkId || p.networkId === networkId);
  const byId = new Map((products.data ?? []).map((p) => [p.id, p]));
  const save = useMutation({
    mutationFn: () =>
      savePricingTable(table?.id ?? null, {
        name: name.trim(),
        description: description.trim(),
        networkId,
        productIds,
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminProductKeys.all });
      onClose();
    },
  });
  const move = (index: number, by: -1 | 1) =>
    setProductIds((ids) => {
      const next = [...ids];
      const [moved] = next.splice(index, 1);
      next.splice(index + by, 0, moved as string);
      return next;
    });
  const onSubmit = () => {
    const found = {
      name: name.trim().length < 2 ? t('adminProducts.validation.tableName') : undefined,
      products: productIds.length === 0 ? t('adminProducts.validation.tableProducts') : undefined,
    };
    setErrors(found);
    if (!found.name && !found.products) save.mutate();
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={table ? t('adminProducts.tables.editTitle', { name: table.name }) : t('adminProducts.tables.new')}
    >
      <Stack gap="sm">
        <TextInput
          label={t('adminProducts.tables.name')}
          required
          maxLength={productLimits.tableName}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errors.name}
        />
        <Textarea
          label={t('adminProducts.tables.description')}
          maxLength={productLimits.tableDescription}
          rows={2}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        <Select
          label={t('adminProducts.fields.network')}
          description={t('adminProducts.tables.networkHint')}
          placeholder={t('adminProducts.tables.anyNetwork')}
          data={(networks.data ?? []).map((n) => ({ value: n.id, label: `${n.name} (${n.code})` }))}
          value={networkId}
          onChange={(value) => {
            setNetworkId(value);
            setProductIds((ids) => ids.filter((id) => !value || byId.get(id)?.networkId === value));
          }}
          clearable
        />
        <Select
          label={t('adminProducts.tables.addPlan')}
          placeholder={t('adminProducts.tables.addPlanPlaceholder')}
          data={candidates
            .filter((p) => !productIds.includes(p.id))
            .map((p) => ({ value: p.id, label: `${p.name} · ${formatMoney(p.amount, p.currency)}` }))}
          value={null}
          onChange={(value) => value && setProductIds((ids) => [...ids, value])}
          nothingFoundMessage={t('adminProducts.tables.noPlans')}
          disabled={productIds.length >= productLimits.tableProducts}
          error={errors.products}
        />
        <Stack
          gap={4}
          component="ol"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('adminProducts.tables.plans')}
        >
          {productIds.map((id, index) => {
            const product = byId.get(id);
            const label = product?.name ?? id;
            return (
              <Group key={id} component="li" justify="space-between" wrap="nowrap" data-testid="table-plan">
                <Text size="sm">
                  {index + 1}. {label}
                  {product && (
                    <Text span size="sm" c="dimmed">
                      {' '}
                      · {formatMoney(product.amount, product.currency)}
                    </Text>
                  )}
                </Text>
                <Group gap={2} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                    aria-label={t('adminProducts.tables.moveUp', { name: label })}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    disabled={index === productIds.length - 1}
                    onClick={() => move(index, 1)}
                    aria-label={t('adminProducts.tables.moveDown', { name: label })}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => setProductIds((ids) => ids.filter((x) => x !== id))}
                    aria-label={t('adminProducts.tables.remove', { name: label })}
                  >
                    <IconX size={16} />
                  </ActionIcon>
                </Group>
              </Group>
            );
          })}
        </Stack>
        <ErrorAlert error={save.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('adminProducts.cancel')}
          </Button>
          <Button loading={save.isPending} onClick={onSubmit}>
            {table ? t('adminProducts.save') : t('adminProducts.create')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
