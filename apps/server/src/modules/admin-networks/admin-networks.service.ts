import { type Database, hashToken, type SecretBox, schema } from '@fixpoint/db';
import {
  type AdminNetwork,
  type AdminNetworkDetail,
  type AdminStation,
  AppError,
  type CreateNetwork,
  type CreateNetworkTemplate,
  type CreateStation,
  type NetworkTemplate,
  type StationWithSecret,
  type UpdateNetwork,
  type UpdateStation,
} from '@fixpoint/shared';
import { and, asc, count, eq } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/audit';
import {
  enteredPosition,
  generateSourcePassword,
  isUniqueViolation,
  type NetworkRow,
  type StationRow,
  type TemplateRow,
  toAdminStation,
  toNetwork,
  toTemplate,
} from './admin-networks.mappers';
import { createMountpointRules } from './mountpoints';
import { createStationImport } from './station-import';

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

  async function templateRow(id: string) {
    const [row] = await db.select().from(tpl).where(eq(tpl.id, id));
    if (!row) throw AppError.notFound('There is no such network template.');
    return row;
  }

  async function networkRow(id: string) {
    const [row] = await db.select().from(net).where(eq(net.id, id));
    if (!row) throw AppError.notFound('There is no such network.');
    return row;
  }

  async function stationRow(networkId: string, stationId: string) {
    const [row] = await db
      .select()
      .from(st)
      .where(and(eq(st.id, stationId), eq(st.networkId, networkId)));
    if (!row) throw AppError.notFound('There is no such station in this network.');
    return row;
  }

  async function templateById(id: string) {
    const row = await templateRow(id);
    const [used] = await db.select({ n: count() }).from(net).where(eq(net.templateId, id));
    return toTemplate(row, used?.n ?? 0);
  }

  async function stationWithState(row: StationRow) {
    const [state] = await db.select().from(states).where(eq(states.stationId, row.id));
    return toAdminStation(row, state);
  }

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
    // ---- templates ----
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

    // ---- stations ----
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

    // ---- sourcetable import (station-import.ts) ----
    ...createStationImport({ db, secretBox, mountpoints, networkRow, sourcetableTimeoutMs }),
  };
}

export type AdminNetworksService = ReturnType<typeof createAdminNetworksService>;
