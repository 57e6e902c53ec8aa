import { type LegalDocumentKind, legalDocumentKinds, legalDocumentLimits } from '@fixpoint/shared';
import { Anchor, Badge, SegmentedControl, Skeleton, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminDocumentsQueryOptions, documentKeys, publishDocument } from '../../../api/documents-api';
import { FormCard } from '../../../components/form-card';
import { PageHeading } from '../../../components/page-heading';
import { QueryErrorAlert } from '../../../components/query-error-alert';

/**
 * Admin → Settings → Documents: the terms and the privacy document, versioned. Publishing makes a new version that
 * the footer and the sign-up form link at once; each new user's accepted version is recorded.
 */
export function DocumentsPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const documents = useQuery(adminDocumentsQueryOptions());
  const [kind, setKind] = useState<LegalDocumentKind>('terms');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [url, setUrl] = useState('');
  const publish = useMutation({
    mutationFn: publishDocument,
    onSuccess: async () => {
      setBody('');
      setUrl('');
      await queryClient.invalidateQueries({ queryKey: documentKeys.all });
    },
  });
  const isUrlValid = url.trim() === '' || /^https:\/\/\S+$/.test(url.trim());

  return (
    <Stack gap="lg" maw={900}>
      <PageHeading
        title={t('adminSettings.documents.title')}
        icon={IconFileText}
        description={t('adminSettings.documents.intro')}
      />
      <FormCard
        title={t('adminSettings.documents.publish')}
        mutation={publish}
        successText={t('adminSettings.documents.published')}
        submitLabel={t('adminSettings.documents.publishButton')}
        isSubmitDisabled={!title.trim() || (!body.trim() && !url.trim()) || !isUrlValid}
        onSubmit={() => publish.mutate({ kind, title: title.trim(), body: body.trim(), url: url.trim() || null })}
      >
        <SegmentedControl
          value={kind}
          onChange={(value) => setKind(value as LegalDocumentKind)}
          data={legalDocumentKinds.map((value) => ({ value, label: t(`adminSettings.documents.kinds.${value}`) }))}
          aria-label={t('adminSettings.documents.kind')}
        />
        <TextInput
          label={t('adminSettings.documents.titleField')}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          maxLength={legalDocumentLimits.title}
          required
        />
        <Textarea
          label={t('adminSettings.documents.body')}
          description={t('adminSettings.documents.bodyHint')}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
          maxLength={legalDocumentLimits.body}
          rows={8}
        />
        <TextInput
          label={t('adminSettings.documents.url')}
          placeholder="https://"
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          error={isUrlValid ? undefined : t('adminSettings.documents.urlRule')}
        />
      </FormCard>
      {documents.isPending ? (
        <Skeleton height={160} radius="md" />
      ) : documents.isError ? (
        <QueryErrorAlert query={documents} />
      ) : documents.data.length === 0 ? (
        <Text c="dimmed">{t('adminSettings.documents.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" aria-label={t('adminSettings.documents.history')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('adminSettings.documents.kind')}</Table.Th>
                <Table.Th>{t('adminSettings.documents.version')}</Table.Th>
                <Table.Th>{t('adminSettings.documents.titleField')}</Table.Th>
                <Table.Th>{t('adminSettings.documents.publishedAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {documents.data.map((document, index) => {
                const isCurrent = documents.data.findIndex((d) => d.kind === document.kind) === index;
                return (
                  <Table.Tr key={document.id} data-testid="document-row">
                    <Table.Td>{t(`adminSettings.documents.kinds.${document.kind}`)}</Table.Td>
                    <Table.Td>
                      v{document.version}{' '}
                      {isCurrent && (
                        <Badge size="xs" variant="light" color="green">
                          {t('adminSettings.documents.current')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {document.url ? (
                        <Anchor href={document.url} target="_blank" rel="noopener noreferrer" size="sm">
                          {document.title}
                        </Anchor>
                      ) : (
                        document.title
                      )}
                    </Table.Td>
                    <Table.Td>{new Date(document.publishedAt).toLocaleString(i18n.language)}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
