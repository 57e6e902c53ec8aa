import type { UserInvite } from '@fixpoint/shared';
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconMailOpened } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppAlert } from '../../../components/app-alert';
import { ErrorAlert } from '../../../components/error-alert';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../session/use-auth';
import { type InviteAction, respondToInvite, userInviteKeys, userInvitesQueryOptions } from '../api/invites-api';

/**
 * The signed-in user's invitations (spec 7: `GET/PUT /invites`): accept or decline a pending one, or accept one
 * declined before. Hidden when there are none; after joining, the way to the organisation stays until the next visit.
 */
export function InvitationsCard() {
  const { t } = useTranslation();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const invites = useQuery(userInvitesQueryOptions());
  const [joined, setJoined] = useState<{ id: string; name: string } | null>(null);
  const respond = useMutation({
    mutationFn: (input: { action: InviteAction; invite: UserInvite }) =>
      respondToInvite({ action: input.action, organization: input.invite.organization }),
    onSuccess: (remaining, { action, invite }) => {
      queryClient.setQueryData(userInviteKeys.all, remaining);
      if (action === 'decline') return;
      setJoined({ id: invite.organization, name: invite.organizationName });
      // The new team shows in the session's teams (dashboard card, organisation switcher).
      void auth.refetch();
    },
  });

  const list = invites.data ?? [];
  if (list.length === 0 && !joined) return null;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="invitations-title">
      <Stack gap="sm">
        <Group gap="xs">
          <IconMailOpened size={20} aria-hidden />
          <Title order={2} size="h4" id="invitations-title">
            {t('invites.title')}
          </Title>
        </Group>
        {joined && (
          <AppAlert status="success" onClose={() => setJoined(null)}>
            {t('invites.joined', { name: joined.name })}{' '}
            <Anchor component={Link} to={paths.org.overview.getHref(joined.id)} size="sm">
              {t('invites.open', { name: joined.name })}
            </Anchor>
          </AppAlert>
        )}
        <ErrorAlert error={respond.error} />
        {list.map((invite) => (
          <InvitationRow
            key={invite.organization}
            invite={invite}
            isBusy={respond.isPending && respond.variables?.invite.organization === invite.organization}
            onRespond={(action) => respond.mutate({ action, invite })}
          />
        ))}
      </Stack>
    </Card>
  );
}

function InvitationRow({
  invite,
  isBusy,
  onRespond,
}: {
  invite: UserInvite;
  isBusy: boolean;
  onRespond: (action: InviteAction) => void;
}) {
  const { t, i18n } = useTranslation();
  const expires = new Date(invite.expiresAt).toLocaleDateString(i18n.language, { dateStyle: 'medium' });
  const isDeclined = invite.status === 'declined';
  return (
    <Group
      justify="space-between"
      gap="sm"
      py={6}
      data-testid="invitation-row"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap={2}>
        <Group gap="xs">
          <Text fw={500} size="sm">
            {invite.organizationName}
          </Text>
          {isDeclined && (
            <Badge size="xs" variant="light" color="gray">
              {t('invites.declined')}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {invite.invitedBy
            ? t('invites.invitedBy', { name: invite.invitedBy, date: expires })
            : t('invites.expires', { date: expires })}
        </Text>
      </Stack>
      <Group gap="xs">
        {!isDeclined && (
          <Button
            variant="default"
            size="compact-sm"
            disabled={isBusy}
            onClick={() => onRespond('decline')}
            aria-label={t('invites.declineFor', { name: invite.organizationName })}
          >
            {t('invites.decline')}
          </Button>
        )}
        <Button
          size="compact-sm"
          loading={isBusy}
          onClick={() => onRespond(isDeclined ? 'acceptDeclined' : 'accept')}
          aria-label={t('invites.acceptFor', { name: invite.organizationName })}
        >
          {t('invites.accept')}
        </Button>
      </Group>
    </Group>
  );
}
