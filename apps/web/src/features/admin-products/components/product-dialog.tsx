import {
  type AdminProduct,
  billingIntervals,
  currencies,
  currencySymbol,
  formatMoney,
  type ProductCategory,
  parseMajorUnits,
  productLimits,
} from '@fixpoint/shared';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminNetworksQueryOptions } from '../../../api/admin-networks-api';
import { adminProductKeys, createProduct, updateProduct } from '../../../api/admin-products-api';
import { ErrorAlert } from '../../../components/error-alert';

interface ProductValues {
  name: string;
  price: string;
  currency: string;
  interval: string | null;
  creditsAmount: number | string;
  networkId: string | null;
  seats: number | string;
  attributes: string[];
  bestChoice: boolean;
  testMode: boolean;
}

const isWhole = (value: number | string, min: number, max: number) =>
  Number.isInteger(Number(value)) && Number(value) >= min && Number(value) <= max && String(value).trim() !== '';

/**
 * Creates a product of the page's category, or edits one. Price, currency, interval, credits and network are fixed
 * once created (docs/decisions/0036): what a customer bought stays what it was.
 */
export function ProductDialog({
  category,
  product,
  onClose,
}: {
  category: ProductCategory;
  product: AdminProduct | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const isEdit = product !== null;
  const isCredits = category === 'credits';
  const networks = useQuery({ ...adminNetworksQueryOptions(), enabled: !isCredits });
  const form = useForm<ProductValues>({
    initialValues: {
      name: product?.name ?? '',
      price: product ? String(product.amount / 100) : '',
      currency: product?.currency ?? 'eur',
      interval: product?.interval ?? (category === 'billable-subscription' ? 'MONTHLY' : null),
      creditsAmount: product?.creditsAmount ?? '',
      networkId: product?.networkId ?? null,
      seats: product?.seats ?? 1,
      attributes: product?.attributes ?? [],
      bestChoice: product?.bestChoice ?? false,
      testMode: product?.testMode ?? false,
    },
    validate: {
      name: (value) =>
        value.trim().length >= 2 && value.trim().length <= productLimits.name
          ? null
          : t('adminProducts.validation.name'),
      price: (value) => {
        if (isEdit) return null;
        const amount = parseMajorUnits(value);
        if (amount === null || amount > productLimits.amount) return t('adminProducts.validation.price');
        return amount === 0 && category !== 'non-billable-subscription'
          ? t('adminProducts.validation.pricePositive')
          : null;
      },
      creditsAmount: (value) =>
        !isCredits || isEdit || isWhole(value, 1, productLimits.creditsAmount)
          ? null
          : t('adminProducts.validation.credits'),
      networkId: (value) => (isCredits || isEdit || value ? null : t('adminProducts.validation.network')),
      interval: (value) =>
        category !== 'billable-subscription' || isEdit || value ? null : t('adminProducts.validation.interval'),
      seats: (value) =>
        isCredits || isWhole(value, 1, productLimits.seats) ? null : t('adminProducts.validation.seats'),
    },
  });

  const save = useMutation({
    mutationFn: (values: ProductValues) => {
      const attributes = values.attributes.map((a) => a.trim()).filter(Boolean);
      const common = { name: values.name.trim(), attributes, bestChoice: values.bestChoice, testMode: values.testMode };
      if (product)
        return updateProduct(product.id, { ...common, ...(isCredits ? {} : { seats: Number(values.seats) }) });
      return createProduct({
        ...common,
        category,
        amount: parseMajorUnits(values.price) ?? 0,
        currency: values.currency,
        interval: isCredits ? null : (values.interval as (typeof billingIntervals)[number] | null),
        creditsAmount: isCredits ? Number(values.creditsAmount) : null,
        networkId: isCredits ? null : values.networkId,
        seats: isCredits ? 1 : Number(values.seats),
      });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminProductKeys.all });
      onClose();
    },
  });

  const preview = parseMajorUnits(form.values.price);
  const attributes = form.values.attributes;

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={
        isEdit ? t('adminProducts.dialog.editTitle', { name: product.name }) : t(`adminProducts.dialog.new.${category}`)
      }
    >
      <form
        onSubmit={form.onSubmit(
          (values) => save.mutate(values),
          () => save.reset(),
        )}
        noValidate
      >
        <Stack gap="sm">
          <TextInput
            label={t('adminProducts.fields.name')}
            required
            maxLength={productLimits.name}
            {...form.getInputProps('name')}
          />
          {isEdit && (
            <Alert color="gray" p="xs">
              <Text size="sm">
                {t('adminProducts.dialog.fixed', {
                  price: formatMoney(product.amount, product.currency),
                })}
              </Text>
            </Alert>
          )}
          {!isEdit && (
            <Group grow align="flex-start">
              <TextInput
                label={t('adminProducts.fields.price')}
                description={preview !== null ? formatMoney(preview, form.values.currency) : undefined}
                leftSection={<Text size="sm">{currencySymbol(form.values.currency)}</Text>}
                inputMode="decimal"
                required={category !== 'non-billable-subscription'}
                {...form.getInputProps('price')}
              />
              <Select
                label={t('adminProducts.fields.currency')}
                data={currencies.map((c) => ({ value: c, label: c.toUpperCase() }))}
                allowDeselect={false}
                {...form.getInputProps('currency')}
              />
            </Group>
          )}
          {isCredits && !isEdit && (
            <NumberInput
              label={t('adminProducts.fields.creditsAmount')}
              min={1}
              max={productLimits.creditsAmount}
              allowDecimal={false}
              required
              {...form.getInputProps('creditsAmount')}
            />
          )}
          {!isCredits && !isEdit && (
            <Group grow align="flex-start">
              <Select
                label={t('adminProducts.fields.network')}
                placeholder={t('adminProducts.fields.networkPlaceholder')}
                data={(networks.data ?? []).map((n) => ({ value: n.id, label: `${n.name} (${n.code})` }))}
                required
                searchable
                {...form.getInputProps('networkId')}
              />
              <Select
                label={t('adminProducts.fields.interval')}
                data={billingIntervals.map((i) => ({ value: i, label: t(`adminProducts.intervals.${i}`) }))}
                required={category === 'billable-subscription'}
                clearable={category !== 'billable-subscription'}
                {...form.getInputProps('interval')}
              />
            </Group>
          )}
          {!isCredits && (
            <NumberInput
              label={t('adminProducts.fields.seats')}
              description={t('adminProducts.fields.seatsHint')}
              min={1}
              max={productLimits.seats}
              allowDecimal={false}
              {...form.getInputProps('seats')}
            />
          )}
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('adminProducts.fields.attributes')}
            </Text>
            {attributes.map((_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is edited in place; the index is the identity
              <Group key={index} gap="xs" wrap="nowrap">
                <TextInput
                  style={{ flex: 1 }}
                  aria-label={t('adminProducts.fields.attribute', { number: index + 1 })}
                  maxLength={productLimits.attribute}
                  {...form.getInputProps(`attributes.${index}`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('adminProducts.fields.removeAttribute', { number: index + 1 })}
                  onClick={() => form.removeListItem('attributes', index)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconPlus size={14} />}
                disabled={attributes.length >= productLimits.attributes}
                onClick={() => form.insertListItem('attributes', '')}
              >
                {t('adminProducts.fields.addAttribute')}
              </Button>
            </Group>
          </Stack>
          <Switch
            label={t('adminProducts.fields.bestChoice')}
            {...form.getInputProps('bestChoice', { type: 'checkbox' })}
          />
          <Switch
            label={t('adminProducts.fields.testMode')}
            {...form.getInputProps('testMode', { type: 'checkbox' })}
          />
          <ErrorAlert error={save.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('adminProducts.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {isEdit ? t('adminProducts.save') : t('adminProducts.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
