import type { OrgMember, OrgRole } from '@fixpoint/shared';
import { Button, Card, Skeleton, Stack } from '@mantine/core';
import { IconLogout, IconUsers } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  organizationQueryOptions,
  orgMemberKeys,
  orgMembersQueryOptions,
  removeMember,
  updateMemberRole,
} from '../../../api/org-members-api';
import { LookupErrorAlert } from '../../../components/lookup-error-alert';
import { PageHeading } from '../../../components/page-heading';
import { usePendingDialog } from '../../../components/pending-dialog';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../session/use-auth';
import { ActionError, ConfirmDialog } from './confirm-dialog';
import { DeleteOrganizationCard } from './delete-organization-card';
import { MembersTable } from './members-table';
import { OrgInvitesSection } from './org-invites-section';

/**
 * `/org/:orgId/members`: the members with their roles (owners and admins change them and remove members), Leave for
 * everyone, the invitations for owners and admins, and deleting the organisation for owners.
 */
export function OrgMembersPage({ orgId }: { orgId: string }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const org = useQuery(organizationQueryOptions(orgId));
  const members = useQuery(orgMembersQueryOptions(orgId));
  const [removing, setRemoving] = useState<OrgMember | null>(null);
  const [isLeaving, setLeaving] = useState(false);

  const storeMembers = async (list: OrgMember[]) => {
    queryClient.setQueryData(orgMemberKeys.members(orgId), list);
    await queryClient.invalidateQueries({ queryKey: orgMemberKeys.detail(orgId) });
  };
  const changeRole = useMutation({ mutationFn: updateMemberRole, onSuccess: storeMembers });
  const remove = useMutation({
    mutationFn: removeMember,
    onSuccess: async (list) => {
      setRemoving(null);
      await storeMembers(list);
    },
  });
  /** Out of the organisation (left, or deleted it): its pages go, the teams refresh, the dashboard shows. */
  const goneFromOrganization = async () => {
    queryClient.removeQueries({ queryKey: orgMemberKeys.org(orgId) });
    await auth.refetch();
    navigate(paths.dashboard.getHref());
  };
  const leave = useMutation({ mutationFn: () => removeMember({ orgId, forMember: auth.uid ?? '' }) });
  const pending = usePendingDialog();
  /** Leaving shows how it went (spec 4); the dashboard follows once the person has read it. */
  const onLeave = async () => {
    const name = org.data?.name ?? '';
    setLeaving(false);
    const outcome = await pending.run(leave.mutateAsync(), {
      loadingText: t('orgMembers.leave.pending', { name }),
      success: {
        title: t('orgMembers.leave.doneTitle', { name }),
        message: t('orgMembers.leave.doneText'),
        closeLabel: t('orgMembers.toDashboard'),
        onClose: goneFromOrganization,
      },
      failure: {
        title: (error) =>
          error instanceof ApiError && error.code === 'LAST_OWNER'
            ? t('orgMembers.lastOwner')
            : t('orgMembers.leave.failedTitle'),
      },
    });
    // Dismissed while it ran: out of the organisation all the same.
    if (outcome.isOk && outcome.isDismissed) await goneFromOrganization();
    if (!outcome.isOk && !outcome.isDismissed) leave.reset();
  };

  const heading = (
    <PageHeading
      title={t('orgMembers.title')}
      icon={IconUsers}
      description={org.data ? t('orgMembers.intro', { name: org.data.name }) : undefined}
      actions={
        org.data && (
          <Button variant="subtle" color="red" leftSection={<IconLogout size={16} />} onClick={() => setLeaving(true)}>
            {t('orgMembers.leave.open')}
          </Button>
        )
      }
    />
  );

  if (org.isError) {
    return (
      <Stack gap="lg" maw={1200}>
        {heading}
        <LookupErrorAlert
          query={org}
          notFoundTitle={t('orgMembers.notFound.title')}
          notFoundText={t('orgMembers.notFound.text')}
          backHref={paths.dashboard.getHref()}
          backLabel={t('orgMembers.notFound.back')}
        />
      </Stack>
    );
  }

  const callerRole: OrgRole | undefined = org.data?.role;
  const canManage = callerRole === 'owner' || callerRole === 'admin';

  return (
    <Stack gap="lg" maw={1200}>
      {heading}
      {changeRole.error && <ActionError error={changeRole.error} />}
      <Card withBorder radius="md" padding="lg" component="section" aria-label={t('orgMembers.members')}>
        {members.isPending || !callerRole ? (
          <Stack gap="xs" aria-busy>
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} height={44} radius="sm" />
            ))}
          </Stack>
        ) : members.isError ? (
          <QueryErrorAlert query={members} />
        ) : (
          <MembersTable
            members={members.data}
            callerRole={callerRole}
            callerId={auth.uid}
            busyMemberId={changeRole.isPending ? (changeRole.variables?.forMember ?? null) : null}
            onChangeRole={(member, role) => changeRole.mutate({ orgId, forMember: member.userId, role })}
            onRemove={(member) => {
              remove.reset();
              setRemoving(member);
            }}
          />
        )}
      </Card>
      {canManage && org.data && <OrgInvitesSection organization={org.data} />}
      {callerRole === 'owner' && org.data && (
        <DeleteOrganizationCard orgId={orgId} orgName={org.data.name} onDeleted={goneFromOrganization} />
      )}
      {removing && (
        <ConfirmDialog
          title={t('orgMembers.removeConfirm.title')}
          text={t('orgMembers.removeConfirm.text', {
            name: removing.name || removing.email,
            organization: org.data?.name ?? '',
          })}
          confirmLabel={t('orgMembers.remove')}
          error={remove.error}
          isPending={remove.isPending}
          onConfirm={() => remove.mutate({ orgId, forMember: removing.userId })}
          onClose={() => {
            setRemoving(null);
            remove.reset();
          }}
        />
      )}
      {isLeaving && org.data && (
        <ConfirmDialog
          title={t('orgMembers.leave.title', { name: org.data.name })}
          text={t('orgMembers.leave.text')}
          confirmLabel={t('orgMembers.leave.confirm')}
          error={leave.error}
          isPending={leave.isPending}
          onConfirm={() => void onLeave()}
          onClose={() => {
            setLeaving(false);
            leave.reset();
          }}
        />
      )}
      {pending.dialog}
    </Stack>
  );
}
