import { type Database, hashToken, schema } from '@fixpoint/db';
import {
  type AdminStation,
  AppError,
  type CreateStation,
  type StationWithSecret,
  type UpdateStation,
} from '@fixpoint/shared';
import { eq } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/audit';
import {
  enteredPosition,
  generateSourcePassword,
  isUniqueViolation,
  type StationRow,
  toAdminStation,
} from './admin-networks.mappers';
import type { MountpointRules } from './mountpoints';
import type { RowLookups } from './rows';

/** A network's stations: add, change, remove, and a hosted station's source password (admins only). */
export function createStationsService({
  db,
  lookups,
  mountpoints,
}: {
  db: Database;
  lookups: RowLookups;
  mountpoints: MountpointRules;
}) {
  const { networkTemplates: tpl, stations: st, stationStates: states } = schema;
  const { networkRow, stationRow } = lookups;

  async function stationWithState(row: StationRow) {
    const [state] = await db.select().from(states).where(eq(states.stationId, row.id));
    return toAdminStation(row, state);
  }

  return {
    async addStation(
      networkId: string,
      input: CreateStation,
      actor: AuditActor,
    ): Promise<Omit<StationWithSecret, 'caster'>> {
      const network = await networkRow(networkId);
      await mountpoints.assertFree(input.mountpoint);
      const sourcePassword = network.kind === 'hosted' ? generateSourcePassword() : null;
      const template = network.templateId
        ? (await db.select().from(tpl).where(eq(tpl.id, network.templateId)))[0]
        : undefined;
      try {
        const row = await db.transaction(async (tx) => {
          const [created] = (await tx
            .insert(st)
            .values({
              networkId,
              mountpoint: input.mountpoint,
              identifier: input.identifier ?? '',
              latitude: input.latitude ?? null,
              longitude: input.longitude ?? null,
              height: input.height ?? null,
              countryCode: input.countryCode ?? network.countryCode,
              ...(input.format !== undefined && { format: input.format }),
              ...(input.formatDetails !== undefined && { formatDetails: input.formatDetails }),
              ...(input.carrier !== undefined && { carrier: input.carrier }),
              ...(input.navSystem !== undefined && { navSystem: input.navSystem }),
              needsGga: input.needsGga ?? template?.needsGga ?? false,
              upstreamMountpoint: network.kind === 'relay' ? (input.upstreamMountpoint ?? input.mountpoint) : null,
              isEnabled: input.isEnabled ?? true,
              sourcePasswordHash: sourcePassword ? hashToken(sourcePassword) : null,
            })
            .returning()) as [StationRow];
          await recordAudit(tx, {
            actor,
            kind: 'station.create',
            target: { kind: 'station', id: created.id, label: created.mountpoint },
            after: created,
          });
          return created;
        });
        return { station: toAdminStation(row), sourcePassword };
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new AppError('CONFLICT', 409, `The mountpoint ${input.mountpoint} is already taken.`);
        }
        throw error;
      }
    },

    async updateStation(
      networkId: string,
      stationId: string,
      input: UpdateStation,
      actor: AuditActor,
    ): Promise<AdminStation> {
      const before = await stationRow(networkId, stationId);
      if (input.mountpoint !== undefined) await mountpoints.assertFree(input.mountpoint, stationId);
      const row = await db.transaction(async (tx) => {
        const [after] = (await tx
          .update(st)
          .set({ ...input, ...enteredPosition(input), updatedAt: new Date() })
          .where(eq(st.id, stationId))
          .returning()) as [StationRow];
        await recordAudit(tx, {
          actor,
          kind: 'station.update',
          target: { kind: 'station', id: stationId, label: before.mountpoint },
          before,
          after,
        });
        return after;
      });
      return stationWithState(row);
    },

    async deleteStation(networkId: string, stationId: string, actor: AuditActor) {
      const before = await stationRow(networkId, stationId);
      await db.transaction(async (tx) => {
        await tx.delete(st).where(eq(st.id, stationId));
        await recordAudit(tx, {
          actor,
          kind: 'station.delete',
          target: { kind: 'station', id: stationId, label: before.mountpoint },
          before,
        });
      });
    },

    /** A new source password (hosted stations); the old one stops working at the base's next login. */
    async regenerateSourcePassword(
      networkId: string,
      stationId: string,
      actor: AuditActor,
    ): Promise<Omit<StationWithSecret, 'caster'>> {
      const network = await networkRow(networkId);
      const before = await stationRow(networkId, stationId);
      if (network.kind !== 'hosted') {
        throw new AppError('BAD_REQUEST', 400, 'Stations of a relay network have no source password.');
      }
      const sourcePassword = generateSourcePassword();
      const row = await db.transaction(async (tx) => {
        const [after] = (await tx
          .update(st)
          .set({ sourcePasswordHash: hashToken(sourcePassword), updatedAt: new Date() })
          .where(eq(st.id, stationId))
          .returning()) as [StationRow];
        // The password itself is never recorded: only that a new one was issued.
        await recordAudit(tx, {
          actor,
          kind: 'station.update',
          target: { kind: 'station', id: stationId, label: before.mountpoint },
          before: { sourceLogin: 'previous' },
          after: { sourceLogin: 'regenerated', updatedAt: after.updatedAt },
        });
        return after;
      });
      return { station: await stationWithState(row), sourcePassword };
    },
  };
}
