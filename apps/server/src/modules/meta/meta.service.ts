import { AppError, type AppMeta, defaultDescription, defaultPageTitles, type PageMeta } from '@fixpoint/shared';
import type { MetaRepository } from './meta.repository';

export function createMetaService({ metaRepository }: { metaRepository: MetaRepository }) {
  return {
    async getAppMeta(): Promise<AppMeta> {
      const row = await metaRepository.getAppMeta();
      return { gtagId: row?.gtagId ?? null };
    },

    async updateAppMeta(input: AppMeta): Promise<AppMeta> {
      const gtagId = input.gtagId === '' ? null : input.gtagId;
      await metaRepository.setGtagId(gtagId);
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

    async updatePageMeta(page: string, input: { title: string; description: string }): Promise<PageMeta> {
      await metaRepository.setPageMeta(page, input.title, input.description);
      return { page, ...input };
    },
  };
}

export type MetaService = ReturnType<typeof createMetaService>;
