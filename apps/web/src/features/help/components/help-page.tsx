import { type HelpConnection, sessionCloseReasons } from '@fixpoint/shared';
import { Anchor, Badge, Card, Code, Group, List, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconLifebuoy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CopyButton } from '../../../components/copy-button';
import { PageHeading } from '../../../components/page-heading';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { paths } from '../../../config/paths';
import { sessionEndReason } from '../../../lib/session-end';
import { useAuth } from '../../../session/use-auth';
import { useAuthLinks } from '../../../session/use-auth-links';
import { helpConnectionQueryOptions } from '../api/help-api';
import { connectionGuides, type GuideValues, Paste } from './connection-guides';

/** The values the guides are written with: the person's first account and its first (nearest-base) mountpoint. */
function guideValues(connection: HelpConnection, placeholders: { username: string; mountpoint: string }): GuideValues {
  const account = connection.accounts?.find((a) => a.mountpoints.length > 0) ?? connection.accounts?.[0];
  return {
    host: connection.host,
    port: String(connection.port),
    tlsPort: connection.tlsPort === null ? null : String(connection.tlsPort),
    username: account?.username ?? placeholders.username,
    mountpoint: account?.mountpoints[0]?.mountpoint ?? placeholders.mountpoint,
  };
}

function Value({ label, value }: { label: string; value: string }) {
  return (
    <Group gap={4} wrap="nowrap" align="center">
      <Text size="sm" c="dimmed" miw={110}>
        {label}
      </Text>
      {/* A long address breaks rather than runs out of the card on a phone. */}
      <Code data-testid={`help-${label}`} style={{ minWidth: 0, wordBreak: 'break-all' }}>
        {value}
      </Code>
      <CopyButton value={value} />
    </Group>
  );
}

/** The caster's address, and the signed-in person's own accounts with the mountpoints each can use now. */
function YourConnection({ connection }: { connection: HelpConnection }) {
  const { t } = useTranslation();
  const authLinks = useAuthLinks();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="help-connection">
      <Stack gap="sm">
        <Title order={2} size="h3" id="help-connection">
          {t('help.connection.title')}
        </Title>
        <Value label={t('help.connection.host')} value={connection.host} />
        <Value label={t('help.connection.port')} value={String(connection.port)} />
        {connection.tlsPort === null ? (
          <Text size="sm" c="dimmed">
            {t('help.connection.noTls')}
          </Text>
        ) : (
          <Value label={t('help.connection.tlsPort')} value={String(connection.tlsPort)} />
        )}
        {/* Not a link: the caster answers a browser with a page that points back here; NTRIP clients and curl read it. */}
        <Value label={t('help.connection.sourcetable')} value={connection.sourcetableUrl} />
        <Text size="sm" c="dimmed">
          {t('help.connection.sourcetableHow')}
        </Text>
        <Paste value={`curl -H "Ntrip-Version: Ntrip/2.0" ${connection.sourcetableUrl}`} />
        {connection.accounts === null ? (
          <Text size="sm">
            <Anchor component="button" type="button" onClick={() => authLinks.open('signIn')}>
              {t('nav.logIn')}
            </Anchor>{' '}
            {t('help.connection.signInForYours')}
          </Text>
        ) : connection.accounts.length === 0 ? (
          <Text size="sm">
            {t('help.connection.noAccounts')}{' '}
            <Anchor component={Link} to={paths.accounts.getHref()}>
              {t('help.connection.toAccounts')}
            </Anchor>
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('help.connection.account')}</Table.Th>
                  <Table.Th>{t('help.connection.username')}</Table.Th>
                  <Table.Th>{t('help.connection.mountpoints')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {connection.accounts.map((account) => (
                  <Table.Tr key={account.id}>
                    <Table.Td>{account.name}</Table.Td>
                    <Table.Td>
                      <Code>{account.username}</Code>
                    </Table.Td>
                    <Table.Td>
                      {account.mountpoints.length === 0 ? (
                        <Text size="sm" c="dimmed">
                          {t('help.connection.noAccess')}
                        </Text>
                      ) : (
                        <Group gap={4}>
                          {account.mountpoints.map((m) => (
                            <Badge
                              key={m.mountpoint}
                              variant={m.isAuto ? 'filled' : 'light'}
                              tt="none"
                              title={m.networkName}
                            >
                              {m.mountpoint}
                            </Badge>
                          ))}
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {connection.accounts !== null && (
          <Text size="sm" c="dimmed">
            {t('help.connection.password')}{' '}
            <Anchor component={Link} to={paths.accounts.getHref()}>
              {t('help.connection.toAccounts')}
            </Anchor>
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** What each session end the caster records means, and what to do about it. */
function Troubleshooting() {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="help-troubleshooting">
      <Stack gap="sm">
        <Title order={2} size="h3" id="help-troubleshooting">
          {t('help.troubleshooting.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('help.troubleshooting.intro')}
        </Text>
        {sessionCloseReasons.map((reason) => (
          <Stack key={reason} gap={2} id={`reason-${reason}`}>
            <Text fw={600} size="sm">
              {sessionEndReason(reason, t)} <Code>{reason}</Code>
            </Text>
            <Text size="sm">{t(`help.troubleshooting.reasons.${reason}`)}</Text>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}

/**
 * `/help` (docs/decisions/0074): connection guides for the clients people use, written with the caster's address and,
 * for a signed-in person, their own username and mountpoint; troubleshooting by the session ends the caster records;
 * the API documentation for developers.
 */
export function HelpPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const userId = auth.status === 'signed-in' ? (auth.uid ?? null) : null;
  const connection = useQuery({ ...helpConnectionQueryOptions(userId), enabled: auth.status !== 'loading' });
  const values = connection.data
    ? guideValues(connection.data, {
        username: t('help.placeholders.username'),
        mountpoint: t('help.placeholders.mountpoint'),
      })
    : undefined;
  return (
    <Stack gap="lg">
      <PageHeading title={t('help.title')} icon={IconLifebuoy} description={t('help.intro')} />
      <QueryErrorAlert query={connection} />
      {connection.data && values ? (
        <>
          <YourConnection connection={connection.data} />
          <Card withBorder padding="lg" component="section" aria-labelledby="help-guides">
            <Stack gap="md">
              <Title order={2} size="h3" id="help-guides">
                {t('help.guides.title')}
              </Title>
              <List size="sm" spacing={4}>
                {connectionGuides.map((guide) => (
                  <List.Item key={guide.id}>
                    <Anchor href={`#${guide.id}`}>{t(`help.guides.${guide.id}.title`)}</Anchor>
                  </List.Item>
                ))}
              </List>
              {connectionGuides.map(({ id, Guide }) => (
                <Stack key={id} gap="xs" id={id} component="article" aria-labelledby={`${id}-title`}>
                  <Title order={3} size="h4" id={`${id}-title`}>
                    {t(`help.guides.${id}.title`)}
                  </Title>
                  <Guide values={values} />
                </Stack>
              ))}
            </Stack>
          </Card>
        </>
      ) : (
        !connection.isError && <Skeleton height={240} aria-busy="true" />
      )}
      <Troubleshooting />
      <Card withBorder padding="lg" component="section" aria-labelledby="help-developers">
        <Stack gap="xs">
          <Title order={2} size="h3" id="help-developers">
            {t('help.developers.title')}
          </Title>
          <Text size="sm">
            {t('help.developers.text')}{' '}
            <Anchor href="/api/docs" target="_blank" rel="noopener noreferrer">
              {t('help.developers.link')}
            </Anchor>
          </Text>
        </Stack>
      </Card>
    </Stack>
  );
}
