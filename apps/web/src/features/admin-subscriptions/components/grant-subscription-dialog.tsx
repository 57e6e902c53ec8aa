import { productLimits } from '@fixpoint/shared';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminProductsQueryOptions } from '../../../api/admin-products-api';
import { useAdminUsers } from '../../../api/get-admin-users';
import { ErrorAlert } from '../../../components/error-alert';
import { NumberInput } from '../../../components/number-input';
import { adminSubscriptionKeys, grantSubscription } from '../api/admin-subscriptions-api';

const today = () => new Date().toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + days * 864e5).toISOString().slice(0, 10);
/** A date field's value as the start (00:00) or the end (24:00) of that day, UTC. */
const startOfDay = (date: string) => new Date(`${date}T00:00:00Z`).toISOString();
const endOfDay = (date: string) => new Date(new Date(`${date}T00:00:00Z`).getTime() + 864e5).toISOString();

/**
 * An admin's manual (non-billable) subscription for a user (spec 2 "manual subscriptions"): a product made under
 * Products → Manual subscriptions, a first and a last day, and the seats (the product's unless changed).
 */
export function GrantSubscriptionDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const users = useAdminUsers();
  const products = useQuery(adminProductsQueryOptions('non-billable-subscription', false));
  const [userId, setUserId] = useState<string | null>(null);
  const [productId, setProductId] = useState<string | null>(null);
  const [from, setFrom] = useState(today());
  const [until, setUntil] = useState(inDays(30));
  const [seats, setSeats] = useState<number | undefined>(undefined);
  const product = products.data?.find((p) => p.id === productId);
  const isBackwards = from !== '' && until !== '' && until < from;
  const mutation = useMutation({
    mutationFn: grantSubscription,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminSubscriptionKeys.all });
      onClose();
    },
  });

  return (
    <Modal opened onClose={onClose} title={t('adminSubscriptions.grant.title')} centered>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('adminSubscriptions.grant.hint')}
        </Text>
        <ErrorAlert error={mutation.error} />
        <Select
          label={t('adminSubscriptions.grant.user')}
          placeholder={t('adminSubscriptions.grant.userPlaceholder')}
          searchable
          required
          data={(users.data ?? []).map((user) => ({ value: user.id, label: `${user.name} · ${user.email}` }))}
          value={userId}
          onChange={setUserId}
          nothingFoundMessage={t('adminSubscriptions.grant.noUser')}
        />
        <Select
          label={t('adminSubscriptions.grant.product')}
          placeholder={t('adminSubscriptions.grant.productPlaceholder')}
          required
          data={(products.data ?? [])
            .filter((p) => p.networkId)
            .map((p) => ({ value: p.id, label: `${p.name} · ${p.networkName}` }))}
          value={productId}
          onChange={(id) => {
            setProductId(id);
            setSeats(undefined);
          }}
          nothingFoundMessage={t('adminSubscriptions.grant.noProduct')}
          error={products.data?.length === 0 ? t('adminSubscriptions.grant.noProduct') : undefined}
        />
        <Group grow>
          <TextInput
            type="date"
            label={t('adminSubscriptions.grant.from')}
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
            required
          />
          <TextInput
            type="date"
            label={t('adminSubscriptions.grant.until')}
            value={until}
            min={from}
            onChange={(e) => setUntil(e.currentTarget.value)}
            error={isBackwards ? t('adminSubscriptions.grant.backwards') : undefined}
            required
          />
        </Group>
        <NumberInput
          label={t('adminSubscriptions.grant.seats')}
          value={seats ?? product?.seats}
          onChange={setSeats}
          min={1}
          max={productLimits.seats}
          disabled={!product}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('errors.close')}
          </Button>
          <Button
            disabled={!userId || !productId || !from || !until || isBackwards}
            loading={mutation.isPending}
            onClick={() =>
              userId &&
              productId &&
              mutation.mutate({
                userId,
                productId,
                startsAt: startOfDay(from),
                endsAt: endOfDay(until),
                ...(seats !== undefined && { seats }),
              })
            }
          >
            {t('adminSubscriptions.grant.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
