import {
  AppError,
  type AppMeta,
  defaultDescription,
  defaultPageTitles,
  type PageMeta,
  type StoredPageMetas,
} from '@fixpoint/shared';
import { type AuditActor, recordAudit } from '../audit/audit';
import type { MetaRepository } from './meta.repository';

/** How long a process keeps the stored page metadata it sends with every page (another process's edit shows after). */
const storedPagesTtlMs = 10_000;

export function createMetaService({ metaRepository }: { metaRepository: MetaRepository }) {
  let stored: { at: number; metas: Promise<StoredPageMetas> } | undefined;
  return {
    /**
     * The metadata admins have set, by page, for the pages the server sends (their `<title>` and description;
     * docs/decisions/0074). Read at most every 10 s; this process's own edits show at once.
     */
    storedPages(): Promise<StoredPageMetas> {
      if (!stored || Date.now() - stored.at > storedPagesTtlMs) {
        const metas = metaRepository
          .listPageMeta()
          .then((rows) =>
            Object.fromEntries(rows.map((row) => [row.page, { title: row.title, description: row.description }])),
          );
        // A failed read is not kept: the next page asks again.
        metas.catch(() => {
          stored = undefined;
        });
        stored = { at: Date.now(), metas };
      }
      return stored.metas;
    },

    /** Forgets the stored page metadata: another process changed it (docs/decisions/0084). */
    forgetStoredPages() {
      stored = undefined;
    },

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
      stored = undefined;
      return { page, ...input };
    },
  };
}

export type MetaService = ReturnType<typeof createMetaService>;
