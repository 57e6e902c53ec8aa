import { type Database, type SecretBox, schema } from '@fixpoint/db';
import {
  type AdminNetwork,
  type AdminNetworkDetail,
  AppError,
  type CreateNetwork,
  type UpdateNetwork,
} from '@fixpoint/shared';
import { asc, count, eq } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/audit';
import { isUniqueViolation, type NetworkRow, toAdminStation, toNetwork } from './admin-networks.mappers';
import { createMountpointRules } from './mountpoints';
import { createRowLookups } from './rows';
import { createStationImport } from './station-import';
import { createStationsService } from './stations.service';
import { createTemplatesService } from './templates.service';

/**
 * The admin's networks (docs/decisions/0026), with their templates (templates.service.ts), stations
 * (stations.service.ts) and sourcetable import (station-import.ts).
 */
export function createAdminNetworksService({
  db,
  secretBox,
  sourcetableTimeoutMs = 10_000,
}: {
  db: Database;
  secretBox: SecretBox;
  sourcetableTimeoutMs?: number;
}) {
  const { networkTemplates: tpl, networks: net, stations: st, stationStates: states } = schema;
  const mountpoints = createMountpointRules(db);
  const lookups = createRowLookups(db);
  const { templateRow, networkRow } = lookups;

  const upstreamUpdate = (input: UpdateNetwork | CreateNetwork) => ({
    ...(input.upstreamHost !== undefined && { upstreamHost: input.upstreamHost }),
    ...(input.upstreamPort !== undefined && { upstreamPort: input.upstreamPort }),
    ...(input.upstreamVersion !== undefined && { upstreamVersion: input.upstreamVersion }),
    ...(input.upstreamUsername !== undefined && { upstreamUsername: input.upstreamUsername || null }),
    ...(input.upstreamPassword !== undefined && {
      upstreamPasswordEnc: input.upstreamPassword ? secretBox.encrypt(input.upstreamPassword) : null,
    }),
  });

  async function getNetwork(id: string): Promise<AdminNetworkDetail> {
    const network = await networkRow(id);
    const template = network.templateId
      ? (await db.select({ name: tpl.name }).from(tpl).where(eq(tpl.id, network.templateId)))[0]
      : undefined;
    const rows = await db
      .select({ station: st, state: states })
      .from(st)
      .leftJoin(states, eq(states.stationId, st.id))
      .where(eq(st.networkId, id))
      .orderBy(asc(st.mountpoint));
    return {
      ...toNetwork(network, rows.length, template?.name ?? null),
      stations: rows.map((row) => toAdminStation(row.station, row.state ?? undefined)),
    };
  }

  return {
    ...createTemplatesService({ db, lookups }),

    // ---- networks ----
    async listNetworks(): Promise<AdminNetwork[]> {
      const rows = await db
        .select({ network: net, templateName: tpl.name, n: count(st.id) })
        .from(net)
        .leftJoin(st, eq(st.networkId, net.id))
        .leftJoin(tpl, eq(tpl.id, net.templateId))
        .groupBy(net.id, tpl.name)
        .orderBy(asc(net.name));
      return rows.map((row) => toNetwork(row.network, row.n, row.templateName));
    },

    getNetwork,

    async createNetwork(input: CreateNetwork, actor: AuditActor): Promise<AdminNetworkDetail> {
      const template = await templateRow(input.templateId);
      const code = input.code;
      const [taken] = await db.select({ id: net.id }).from(net).where(eq(net.code, code));
      if (taken) throw new AppError('CONFLICT', 409, `The network code ${code} is already taken.`);
      const [autoTaken] = await db
        .select({ id: st.id })
        .from(st)
        .where(eq(st.mountpoint, `${code}_AUTO`));
      if (autoTaken) {
        throw new AppError(
          'CONFLICT',
          409,
          `A station is named ${code}_AUTO, the mountpoint this network would serve.`,
        );
      }
      const isRelay = template.kind === 'relay';
      const upstreamHost = input.upstreamHost ?? template.defaultHost;
      if (isRelay && !upstreamHost) {
        throw new AppError('VALIDATION_FAILED', 400, 'A relay network needs the upstream caster host.');
      }
      try {
        const row = await db.transaction(async (tx) => {
          const [created] = (await tx
            .insert(net)
            .values({
              code,
              name: input.name,
              operator: input.operator ?? '',
              description: input.description ?? '',
              kind: template.kind,
              templateId: template.id,
              dailyPrice: input.dailyPrice ?? template.dailyPrice,
              visibility: input.visibility ?? 'public',
              isPublished: input.isPublished ?? false,
              accessStartsAt: input.accessStartsAt ?? 'purchase',
              coverageRadiusKm: input.coverageRadiusKm ?? 30,
              countryCode: input.countryCode ?? null,
              // A relay network starts from the template's upstream defaults; a hosted one may name a caster to
              // import its stations' sourcetable from.
              upstreamHost: upstreamHost ?? null,
              upstreamPort: upstreamHost ? (input.upstreamPort ?? template.defaultPort) : null,
              upstreamVersion: upstreamHost ? (input.upstreamVersion ?? template.ntripVersion) : null,
              ...upstreamUpdate({
                ...input,
                upstreamHost: undefined,
                upstreamPort: undefined,
                upstreamVersion: undefined,
              }),
            })
            .returning()) as [NetworkRow];
          await recordAudit(tx, {
            actor,
            kind: 'network.create',
            target: { kind: 'network', id: created.id, label: created.name },
            after: created,
          });
          return created;
        });
        return getNetwork(row.id);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', 409, `The network code ${code} is already taken.`);
        throw error;
      }
    },

    async updateNetwork(id: string, input: UpdateNetwork, actor: AuditActor): Promise<AdminNetworkDetail> {
      const before = await networkRow(id);
      const { upstreamHost, upstreamPort, upstreamVersion, upstreamUsername, upstreamPassword, ...plain } = input;
      await db.transaction(async (tx) => {
        const [after] = await tx
          .update(net)
          .set({
            ...plain,
            ...upstreamUpdate({ upstreamHost, upstreamPort, upstreamVersion, upstreamUsername, upstreamPassword }),
            updatedAt: new Date(),
          })
          .where(eq(net.id, id))
          .returning();
        await recordAudit(tx, {
          actor,
          kind: 'network.update',
          target: { kind: 'network', id, label: before.name },
          before,
          after,
        });
      });
      return getNetwork(id);
    },

    /** Its stations go with it; sessions and access windows keep their history (network set null / cascade). */
    async deleteNetwork(id: string, actor: AuditActor) {
      const before = await networkRow(id);
      await db.transaction(async (tx) => {
        await tx.delete(net).where(eq(net.id, id));
        await recordAudit(tx, {
          actor,
          kind: 'network.delete',
          target: { kind: 'network', id, label: before.name },
          before,
        });
      });
    },

    ...createStationsService({ db, lookups, mountpoints }),

    // ---- sourcetable import (station-import.ts) ----
    ...createStationImport({ db, secretBox, mountpoints, networkRow, sourcetableTimeoutMs }),
  };
}

export type AdminNetworksService = ReturnType<typeof createAdminNetworksService>;
