import type { LegalDocumentKind } from '@fixpoint/shared';
import { Anchor, Card, Skeleton, Stack, Text } from '@mantine/core';
import { IconFileText, IconShieldLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentDocumentsQueryOptions } from '../../../api/documents-api';
import { PageHeading } from '../../../components/page-heading';
import { QueryErrorAlert } from '../../../components/query-error-alert';

/**
 * `/legal/terms` and `/legal/privacy` (docs/decisions/0074): the current published version of the document, as
 * Admin -> Settings -> Documents published it: its text, or the address it was published at; a plain notice while
 * none is published.
 */
export function LegalDocumentPage({ kind }: { kind: LegalDocumentKind }) {
  const { t, i18n } = useTranslation();
  const documents = useQuery(currentDocumentsQueryOptions());
  const document = documents.data?.[kind];
  return (
    <Stack gap="lg" maw={860}>
      <PageHeading
        title={document?.title ?? t(`legal.${kind}.title`)}
        icon={kind === 'terms' ? IconFileText : IconShieldLock}
        description={
          document
            ? t('legal.version', {
                version: document.version,
                date: new Date(document.publishedAt).toLocaleDateString(i18n.language, { dateStyle: 'long' }),
              })
            : t(`legal.${kind}.description`)
        }
      />
      <QueryErrorAlert query={documents} />
      {documents.isPending ? (
        <Skeleton height={320} aria-busy="true" />
      ) : document?.body ? (
        <Card withBorder padding="lg">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="legal-text">
            {document.body}
          </Text>
        </Card>
      ) : document?.url ? (
        <Text>
          {t('legal.elsewhere')}{' '}
          <Anchor href={document.url} target="_blank" rel="noopener noreferrer">
            {document.url}
          </Anchor>
        </Text>
      ) : (
        documents.isSuccess && <Text c="dimmed">{t('legal.notPublished')}</Text>
      )}
    </Stack>
  );
}
