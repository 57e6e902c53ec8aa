import { Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * What a page shows while its code or its user loads: the page's shape (heading, then content blocks) in skeletons
 * rather than a spinner, so nothing jumps when it arrives (docs/decisions/0051).
 */
export function LoadingFallback() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" role="status" aria-label={t('app.loading')} aria-busy maw={960}>
      <Skeleton height={32} width="40%" radius="sm" />
      <Skeleton height={16} width="60%" radius="sm" />
      <Skeleton height={160} radius="md" />
      <Skeleton height={240} radius="md" />
    </Stack>
  );
}

/** The side menu's entries while it is not known who is signed in: no visitor menu flashing before a user's. */
export function NavLoadingFallback() {
  return (
    <Stack gap={10} p={4} aria-hidden>
      {[70, 55, 65, 50, 60].map((width) => (
        <Skeleton key={width} height={28} width={`${width}%`} radius="sm" />
      ))}
    </Stack>
  );
}

/** A list or table while its rows load, under a heading that is already shown. */
export function RowsSkeleton({ rows = 4 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" role="status" aria-label={t('app.loading')} aria-busy>
      <Skeleton height={36} radius="sm" />
      {Array.from({ length: rows }, (_, row) => `row-${row}`).map((key) => (
        <Skeleton key={key} height={44} radius="sm" />
      ))}
    </Stack>
  );
}
