import type { Team } from '@fixpoint/shared';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UserSection } from './user-section';

const statusColor = { active: 'green', pending: 'yellow', declined: 'gray' } as const;

/** The organisations the user belongs to, with their role in each. */
export function UserOrganizationsSection({ organizations }: { organizations: Team[] }) {
  const { t } = useTranslation();
  return (
    <UserSection title={t('adminUsers.organizations.title')}>
      {organizations.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('adminUsers.organizations.empty')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} data-testid="user-organizations">
          {organizations.map((org) => (
            <Group key={org.id} component="li" justify="space-between" gap="xs" py={4}>
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {org.name}
              </Text>
              <Group gap="xs">
                {org.status !== 'active' && (
                  <Badge variant="light" color={statusColor[org.status]}>
                    {t(`adminUsers.organizations.states.${org.status}`)}
                  </Badge>
                )}
                <Badge variant="outline" color="gray">
                  {t(`org.roles.${org.role}`)}
                </Badge>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </UserSection>
  );
}
