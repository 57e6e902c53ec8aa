import { inviteEmailSchema, type Organization, type OrgInvite } from '@fixpoint/shared';
import {
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconMailPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { orgMemberKeys } from '../../../api/org-members-api';
import { AppAlert } from '../../../components/app-alert';
import { ErrorAlert } from '../../../components/error-alert';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { cancelInvite, inviteMember, orgInvitesQueryOptions } from '../api/org-invites-api';

/**
 * Owners and admins invite by e-mail (spec 7: `POST/GET/DELETE /org/{id}/invites`) and cancel what waits. An
 * organisation waiting for the beta's approval, or declined, invites nobody (docs/decisions/0062): it is told why
 * instead of the form.
 */
export function OrgInvitesSection({ organization }: { organization: Pick<Organization, 'id' | 'name' | 'status'> }) {
  const { t } = useTranslation();
  const orgId = organization.id;
  const queryClient = useQueryClient();
  const invites = useQuery(orgInvitesQueryOptions(orgId));
  const store = (list: OrgInvite[]) => queryClient.setQueryData(orgMemberKeys.invites(orgId), list);
  const cancel = useMutation({ mutationFn: cancelInvite, onSuccess: store });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="org-invites-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="org-invites-title">
          {t('orgMembers.invites.title')}
        </Title>
        {organization.status === 'active' ? (
          <InviteForm orgId={orgId} onInvited={store} />
        ) : (
          <Text size="sm" c="dimmed" data-testid="org-invites-not-active">
            {t(`orgMembers.invites.notActive.${organization.status}`, { name: organization.name })}
          </Text>
        )}
        <ErrorAlert error={cancel.error} />
        {invites.isPending ? (
          <Skeleton height={44} radius="sm" aria-busy />
        ) : invites.isError ? (
          <QueryErrorAlert query={invites} />
        ) : invites.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('orgMembers.invites.empty')}
          </Text>
        ) : (
          <InvitesTable
            invites={invites.data}
            cancelling={cancel.isPending ? (cancel.variables?.email ?? null) : null}
            onCancel={(email) => cancel.mutate({ orgId, email })}
          />
        )}
      </Stack>
    </Card>
  );
}

function InviteForm({ orgId, onInvited }: { orgId: string; onInvited: (list: OrgInvite[]) => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [isInvalid, setInvalid] = useState(false);
  const invite = useMutation({
    mutationFn: inviteMember,
    onSuccess: (list) => {
      onInvited(list);
      setEmail('');
    },
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = inviteEmailSchema.safeParse({ email });
        setInvalid(!parsed.success);
        if (parsed.success) invite.mutate({ orgId, email: parsed.data.email });
      }}
    >
      <Stack gap="xs">
        {invite.isSuccess && (
          <AppAlert status="success">{t('orgMembers.invites.sent', { email: invite.variables.email })}</AppAlert>
        )}
        <ErrorAlert error={invite.error} />
        <Group align="flex-start" gap="sm">
          <TextInput
            type="email"
            label={t('orgMembers.invites.email')}
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setInvalid(false);
            }}
            error={isInvalid ? t('orgMembers.invites.invalidEmail') : undefined}
            maxLength={254}
            w={{ base: '100%', sm: 320 }}
          />
          <Button
            type="submit"
            mt={25}
            leftSection={<IconMailPlus size={16} />}
            disabled={email.trim() === ''}
            loading={invite.isPending}
          >
            {t('orgMembers.invites.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function InvitesTable({
  invites,
  cancelling,
  onCancel,
}: {
  invites: OrgInvite[];
  cancelling: string | null;
  onCancel: (email: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'medium' });
  const now = Date.now();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" aria-label={t('orgMembers.invites.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('orgMembers.email')}</Table.Th>
            <Table.Th>{t('orgMembers.invites.status')}</Table.Th>
            <Table.Th>{t('orgMembers.invites.invitedBy')}</Table.Th>
            <Table.Th>{t('orgMembers.invites.expires')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('orgMembers.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invites.map((invite) => {
            const state = new Date(invite.expiresAt).getTime() < now ? 'expired' : invite.status;
            return (
              <Table.Tr key={invite.email} data-testid="org-invite-row">
                <Table.Td>{invite.email}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={state === 'pending' ? 'blue' : state === 'declined' ? 'red' : 'gray'}>
                    {t(`orgMembers.invites.states.${state}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>{invite.invitedBy ?? '—'}</Table.Td>
                <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{date(invite.expiresAt)}</Table.Td>
                <Table.Td ta="right">
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    loading={cancelling === invite.email}
                    onClick={() => onCancel(invite.email)}
                    aria-label={t('orgMembers.invites.cancelFor', { email: invite.email })}
                  >
                    {t('orgMembers.invites.cancel')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
