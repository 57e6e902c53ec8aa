import { AppError, type AppMeta, defaultDescription, defaultPageTitles, type PageMeta } from '@fixpoint/shared';
import { type AuditActor, recordAudit } from '../audit/audit';
import type { MetaRepository } from './meta.repository';

export function createMetaService({ metaRepository }: { metaRepository: MetaRepository }) {
  return {
    async getAppMeta(): Promise<AppMeta> {
      const row = await metaRepository.getAppMeta();
      return { gtagId: row?.gtagId ?? null };
    },

    async updateAppMeta(input: AppMeta, actor: AuditActor): Promise<AppMeta> {
      const gtagId = input.gtagId === '' ? null : input.gtagId;
      await metaRepository.transaction(async (tx) => {
        const before = await metaRepository.getAppMeta(tx);
        await metaRepository.setGtagId(gtagId, tx);
        await recordAudit(tx, {
          actor,
          kind: 'settings.meta',
          target: { kind: 'settings', id: 'app-meta', label: 'App metadata' },
          before: { gtagId: before?.gtagId ?? null },
          after: { gtagId },
        });
      });
      return { gtagId };
    },

    /** Stored metadata, else the built-in title of a known page; unknown pages without metadata are 404. */
    async getPageMeta(page: string): Promise<PageMeta> {
      const row = await metaRepository.getPageMeta(page);
      if (row) return { page, title: row.title, description: row.description };
      const title = defaultPageTitles[page];
      if (!title) throw AppError.notFound(`No metadata for page '${page}'.`);
      return { page, title, description: defaultDescription };
    },

    async updatePageMeta(
      page: string,
      input: { title: string; description: string },
      actor: AuditActor,
    ): Promise<PageMeta> {
      await metaRepository.transaction(async (tx) => {
        const before = await metaRepository.getPageMeta(page, tx);
        await metaRepository.setPageMeta(page, input.title, input.description, tx);
        await recordAudit(tx, {
          actor,
          kind: 'settings.meta',
          target: { kind: 'settings', id: `page:${page}`, label: `Page metadata: ${page}` },
          before: before ? { title: before.title, description: before.description } : null,
          after: input,
        });
      });
      return { page, ...input };
    },
  };
}

export type MetaService = ReturnType<typeof createMetaService>;
