import { Button, Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  type Icon,
  IconApi,
  IconBroadcast,
  IconInfoCircle,
  IconReceipt,
  IconRobot,
  IconTractor,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const benefits: { key: string; icon: Icon }[] = [
  { key: 'autopilot', icon: IconRobot },
  { key: 'fleet', icon: IconTractor },
  { key: 'network', icon: IconBroadcast },
  { key: 'subscriptions', icon: IconReceipt },
  { key: 'gateway', icon: IconApi },
];

/**
 * Spec 1 and 2, step 1 of 2: the branded RTK platform and its benefits (selling RTK access on autopilot, with the
 * note to check that a third-party network permits it; fleet access; your own network; third-party subscriptions in
 * the same portal; any network through one API gateway), who trusts it, and 'Request a Demo' or Close.
 */
export function SalesIntro({ onRequestDemo, onClose }: { onRequestDemo: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Text size="sm">{t('sales.intro.lead')}</Text>
      <List spacing="md" center={false} listStyleType="none" aria-label={t('sales.intro.benefitsLabel')}>
        {benefits.map(({ key, icon: BenefitIcon }) => (
          <List.Item
            key={key}
            icon={
              <ThemeIcon size={32} radius="md" variant="light" aria-hidden>
                <BenefitIcon size={18} />
              </ThemeIcon>
            }
          >
            <Text size="sm" fw={600}>
              {t(`sales.intro.benefits.${key}.title`)}
            </Text>
            <Text size="sm" c="dimmed">
              {t(`sales.intro.benefits.${key}.description`)}
            </Text>
            {key === 'autopilot' && (
              <Group gap={4} mt={4} wrap="nowrap" align="flex-start">
                <IconInfoCircle size={16} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
                <Text size="xs" c="dimmed" data-testid="sales-third-party-note">
                  {t('sales.intro.thirdPartyNote')}
                </Text>
              </Group>
            )}
          </List.Item>
        ))}
      </List>
      <Group gap="xs" wrap="nowrap">
        <ThemeIcon size={28} radius="xl" variant="light" color="green" aria-hidden>
          <IconUsersGroup size={16} />
        </ThemeIcon>
        <Text size="sm" fw={500}>
          {t('sales.intro.trusted')}
        </Text>
      </Group>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('errors.close')}
        </Button>
        <Button onClick={onRequestDemo} data-autofocus>
          {t('sales.intro.requestDemo')}
        </Button>
      </Group>
    </Stack>
  );
}
