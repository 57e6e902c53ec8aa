import type { Team } from '@fixpoint/shared';
import { Anchor, Badge, Box, Button, Card, Group, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { orgStatusColor } from '../../../components/status-colors';
import { paths } from '../../../config/paths';
import { createOrganizationHref } from '../../../lib/create-organization-dialog';

/**
 * The dashboard's Organisations card: how many the user belongs to, each one linked to its page with the user's
 * role (and its state while the beta has not approved it), and the way to create one.
 */
export function OrganizationsCard({ teams }: { teams: Team[] | undefined }) {
  const { t, i18n } = useTranslation();
  const title = t('dashboard.stats.organisations');
  return (
    <Card withBorder padding="lg" radius="md" role="group" aria-label={title} data-color={teams ? 'default' : 'muted'}>
      <Text size="sm" c="dimmed" fw={500}>
        {title}
      </Text>
      <Text fz={28} fw={700} lh={1.2} mt={4} c={teams ? undefined : 'dimmed'}>
        {teams ? new Intl.NumberFormat(i18n.language).format(teams.length) : '…'}
      </Text>
      {teams && teams.length > 0 && (
        <Box component="ul" mt="xs" mb={0} p={0} style={{ listStyle: 'none' }}>
          {teams.map((team) => (
            <Group key={team.id} renderRoot={(props) => <li {...props} />} gap={6} wrap="nowrap" py={2}>
              <Anchor component={Link} to={paths.org.overview.getHref(team.id)} size="sm" truncate>
                {team.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                {t(`orgCreate.roles.${team.role}`)}
              </Text>
              {team.status !== 'active' && (
                <Badge size="xs" variant="light" color={orgStatusColor[team.status]}>
                  {t(`orgCreate.status.${team.status}`)}
                </Badge>
              )}
            </Group>
          ))}
        </Box>
      )}
      <Group mt="sm">
        <Button
          component={Link}
          to={createOrganizationHref()}
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={14} />}
        >
          {t('orgCreate.open')}
        </Button>
      </Group>
    </Card>
  );
}
