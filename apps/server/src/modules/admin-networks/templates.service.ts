import { type Database, schema } from '@fixpoint/db';
import { AppError, type CreateNetworkTemplate, type NetworkTemplate } from '@fixpoint/shared';
import { asc, count, eq } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/audit';
import { isUniqueViolation, type TemplateRow, toTemplate } from './admin-networks.mappers';
import type { RowLookups } from './rows';

/** Network templates: the settings a new network starts from (admins only). */
export function createTemplatesService({ db, lookups }: { db: Database; lookups: RowLookups }) {
  const { networkTemplates: tpl, networks: net } = schema;
  const { templateRow } = lookups;

  async function templateById(id: string) {
    const row = await templateRow(id);
    const [used] = await db.select({ n: count() }).from(net).where(eq(net.templateId, id));
    return toTemplate(row, used?.n ?? 0);
  }

  return {
    async listTemplates(): Promise<NetworkTemplate[]> {
      const rows = await db
        .select({ template: tpl, n: count(net.id) })
        .from(tpl)
        .leftJoin(net, eq(net.templateId, tpl.id))
        .groupBy(tpl.id)
        .orderBy(asc(tpl.name));
      return rows.map((row) => toTemplate(row.template, row.n));
    },

    getTemplate: templateById,

    async createTemplate(
      input: CreateNetworkTemplate & { kind: 'hosted' | 'relay' },
      actor: AuditActor,
    ): Promise<NetworkTemplate> {
      try {
        const row = await db.transaction(async (tx) => {
          const [created] = (await tx
            .insert(tpl)
            .values(input as typeof tpl.$inferInsert)
            .returning()) as [TemplateRow];
          await recordAudit(tx, {
            actor,
            kind: 'template.create',
            target: { kind: 'template', id: created.id, label: created.name },
            after: created,
          });
          return created;
        });
        return toTemplate(row, 0);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', 409, 'A template with this name exists.');
        throw error;
      }
    },

    async updateTemplate(
      id: string,
      input: Partial<typeof tpl.$inferInsert>,
      actor: AuditActor,
    ): Promise<NetworkTemplate> {
      const before = await templateRow(id);
      try {
        await db.transaction(async (tx) => {
          const [after] = await tx
            .update(tpl)
            .set({ ...input, updatedAt: new Date() })
            .where(eq(tpl.id, id))
            .returning();
          await recordAudit(tx, {
            actor,
            kind: 'template.update',
            target: { kind: 'template', id, label: before.name },
            before,
            after,
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', 409, 'A template with this name exists.');
        throw error;
      }
      return templateById(id);
    },

    /** Networks made from it keep their settings (their template link is cleared). */
    async deleteTemplate(id: string, actor: AuditActor) {
      const before = await templateRow(id);
      await db.transaction(async (tx) => {
        await tx.delete(tpl).where(eq(tpl.id, id));
        await recordAudit(tx, {
          actor,
          kind: 'template.delete',
          target: { kind: 'template', id, label: before.name },
          before,
        });
      });
    },
  };
}
