import { type Database, schema } from '@fixpoint/db';
import { AppError } from '@fixpoint/shared';
import { and, eq } from 'drizzle-orm';

/** A template, network or station by id, or 404: what every admin-networks operation starts from. */
export function createRowLookups(db: Database) {
  const { networkTemplates: tpl, networks: net, stations: st } = schema;
  return {
    async templateRow(id: string) {
      const [row] = await db.select().from(tpl).where(eq(tpl.id, id));
      if (!row) throw AppError.notFound('There is no such network template.');
      return row;
    },

    async networkRow(id: string) {
      const [row] = await db.select().from(net).where(eq(net.id, id));
      if (!row) throw AppError.notFound('There is no such network.');
      return row;
    },

    async stationRow(networkId: string, stationId: string) {
      const [row] = await db
        .select()
        .from(st)
        .where(and(eq(st.id, stationId), eq(st.networkId, networkId)));
      if (!row) throw AppError.notFound('There is no such station in this network.');
      return row;
    },
  };
}

export type RowLookups = ReturnType<typeof createRowLookups>;
