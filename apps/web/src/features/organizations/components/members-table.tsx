import { type OrgMember, type OrgRole, orgRoles } from '@fixpoint/shared';
import { Badge, Button, Select, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export const roleColor: Record<OrgRole, string> = { owner: 'grape', admin: 'blue', member: 'gray' };

/**
 * Who may change a member (docs/decisions/0041): owners anyone; admins everyone but owners, and they cannot make
 * anyone an owner; members nobody.
 */
export function canManageMember(callerRole: OrgRole, member: OrgMember) {
  if (callerRole === 'owner') return true;
  return callerRole === 'admin' && member.role !== 'owner';
}

export const assignableRoles = (callerRole: OrgRole): readonly OrgRole[] =>
  callerRole === 'owner' ? orgRoles : orgRoles.filter((role) => role !== 'owner');

/** The members: name, e-mail, role (a select for those the caller may change), joined, and Remove. */
export function MembersTable({
  members,
  callerRole,
  callerId,
  busyMemberId,
  onChangeRole,
  onRemove,
}: {
  members: OrgMember[];
  callerRole: OrgRole;
  callerId: string | undefined;
  busyMemberId: string | null;
  onChangeRole: (member: OrgMember, role: OrgRole) => void;
  onRemove: (member: OrgMember) => void;
}) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'medium' });
  const roleOptions = assignableRoles(callerRole).map((role) => ({ value: role, label: t(`orgCreate.roles.${role}`) }));
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" aria-label={t('orgMembers.members')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('orgMembers.name')}</Table.Th>
            <Table.Th>{t('orgMembers.email')}</Table.Th>
            <Table.Th>{t('orgMembers.role')}</Table.Th>
            <Table.Th>{t('orgMembers.joined')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('orgMembers.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => {
            const isSelf = member.userId === callerId;
            const isEditable = canManageMember(callerRole, member);
            return (
              <Table.Tr key={member.userId} data-testid="member-row">
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {member.name || '—'}
                    {isSelf && (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        {t('orgMembers.you')}
                      </Text>
                    )}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{member.email}</Text>
                </Table.Td>
                <Table.Td>
                  {isEditable ? (
                    <Select
                      aria-label={t('orgMembers.roleOf', { name: member.name || member.email })}
                      data={roleOptions}
                      value={member.role}
                      allowDeselect={false}
                      disabled={busyMemberId === member.userId}
                      onChange={(value) => value && value !== member.role && onChangeRole(member, value as OrgRole)}
                      size="xs"
                      w={140}
                    />
                  ) : (
                    <Badge variant="light" color={roleColor[member.role]}>
                      {t(`orgCreate.roles.${member.role}`)}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{date(member.joinedAt)}</Table.Td>
                <Table.Td ta="right">
                  {isEditable && !isSelf && (
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-sm"
                      onClick={() => onRemove(member)}
                      aria-label={t('orgMembers.removeMember', { name: member.name || member.email })}
                    >
                      {t('orgMembers.remove')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
