import { randomInt } from 'node:crypto';
import { type Database, hashToken, type SecretBox, schema } from '@fixpoint/db';
import {
  type AdminNetwork,
  type AdminNetworkDetail,
  type AdminStation,
  AppError,
  type CreateNetwork,
  type CreateNetworkTemplate,
  type CreateStation,
  type ImportChange,
  type ImportPreview,
  type ImportResult,
  importFieldSchema,
  type NetworkTemplate,
  type StationWithSecret,
  type UpdateNetwork,
  type UpdateStation,
} from '@fixpoint/shared';
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import { fetchSourcetable, parseSourcetable, type SourcetableRequest, type UpstreamStream } from './sourcetable';

type TemplateRow = typeof schema.networkTemplates.$inferSelect;
type NetworkRow = typeof schema.networks.$inferSelect;
type StationRow = typeof schema.stations.$inferSelect;
type StateRow = typeof schema.stationStates.$inferSelect;

// No 0/O, 1/l/I: base station operators type these into receivers and str2str command lines by hand.
const passwordAlphabet = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** 20 characters from 57 symbols (about 116 bits): letters and digits only, safe in a v1 `SOURCE pw /MP` line. */
export const generateSourcePassword = () =>
  Array.from({ length: 20 }, () => passwordAlphabet[randomInt(passwordAlphabet.length)]).join('');

const iso = (value: Date) => value.toISOString();

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** Entered ?? decoded. The caster copies the first decoded position into an empty one, marked `decoded`. */
export function effectivePosition(station: StationRow, state: StateRow | undefined) {
  const decoded =
    state?.decodedLatitude != null && state.decodedLongitude != null
      ? { latitude: state.decodedLatitude, longitude: state.decodedLongitude, height: state.decodedHeight }
      : null;
  if (station.latitude !== null && station.longitude !== null) {
    const position = { latitude: station.latitude, longitude: station.longitude, height: station.height };
    return { position, source: station.positionSource };
  }
  return decoded ? { position: decoded, source: 'decoded' as const } : { position: null, source: null };
}

/** A write that sets a position marks it as entered, replacing one the caster decoded. */
const enteredPosition = (values: Record<string, unknown>) =>
  'latitude' in values || 'longitude' in values ? { positionSource: 'entered' as const } : {};

export function toAdminStation(station: StationRow, state?: StateRow): AdminStation {
  const { position, source } = effectivePosition(station, state);
  return {
    id: station.id,
    networkId: station.networkId,
    mountpoint: station.mountpoint,
    identifier: station.identifier,
    position,
    positionSource: source,
    countryCode: station.countryCode,
    format: station.format,
    formatDetails: station.formatDetails,
    carrier: station.carrier,
    navSystem: station.navSystem,
    needsGga: station.needsGga,
    upstreamMountpoint: station.upstreamMountpoint,
    isEnabled: station.isEnabled,
    hasSourcePassword: station.sourcePasswordHash !== null,
    createdAt: iso(station.createdAt),
  };
}

function toTemplate(row: TemplateRow, networkCount: number): NetworkTemplate {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    kind: row.kind,
    defaultHost: row.defaultHost,
    defaultPort: row.defaultPort,
    ntripVersion: row.ntripVersion === 1 ? 1 : 2,
    authentication: row.authentication,
    needsGga: row.needsGga,
    dailyPrice: row.dailyPrice,
    networkCount,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

function toNetwork(row: NetworkRow, stationCount: number, templateName: string | null): AdminNetwork {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    operator: row.operator,
    description: row.description,
    kind: row.kind,
    templateId: row.templateId,
    templateName,
    dailyPrice: row.dailyPrice,
    visibility: row.visibility,
    isPublished: row.isPublished,
    accessStartsAt: row.accessStartsAt,
    coverageRadiusKm: row.coverageRadiusKm,
    countryCode: row.countryCode,
    upstream: {
      host: row.upstreamHost,
      port: row.upstreamPort,
      version: row.upstreamVersion === 1 ? 1 : row.upstreamVersion === 2 ? 2 : null,
      username: row.upstreamUsername,
      hasPassword: row.upstreamPasswordEnc !== null,
    },
    stationCount,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

const importedValues = (stream: UpstreamStream) => ({
  identifier: stream.identifier,
  format: stream.format || 'RTCM 3',
  formatDetails: stream.formatDetails,
  carrier: stream.carrier,
  navSystem: stream.navSystem,
  countryCode: stream.country || null,
  latitude: stream.latitude,
  longitude: stream.longitude,
  needsGga: stream.nmea === 1,
});

type ImportedField = keyof ReturnType<typeof importedValues>;
/** The fields an import compares and writes: the contract's list, each one a value importedValues gives. */
const importedFields: readonly ImportedField[] = importFieldSchema.options;

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

  async function assertMountpointFree(mountpoint: string, exceptId?: string) {
    const [taken] = await db
      .select({ id: st.id })
      .from(st)
      .where(exceptId ? and(eq(st.mountpoint, mountpoint), ne(st.id, exceptId)) : eq(st.mountpoint, mountpoint));
    if (taken || (await autoMountNames([mountpoint])).size > 0) {
      throw new AppError('CONFLICT', 409, `The mountpoint ${mountpoint} is already taken.`);
    }
  }

  /** Of `names`, those that are a network's nearest-base mount (`CODE_AUTO`): the caster serves those itself. */
  async function autoMountNames(names: string[]) {
    const codes = names.filter((name) => name.endsWith('_AUTO')).map((name) => name.slice(0, -'_AUTO'.length));
    if (codes.length === 0) return new Set<string>();
    const rows = await db.select({ code: net.code }).from(net).where(inArray(net.code, codes));
    return new Set(rows.map((row) => `${row.code}_AUTO`));
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

  async function upstreamOf(network: NetworkRow): Promise<SourcetableRequest> {
    if (!network.upstreamHost) {
      throw new AppError('BAD_REQUEST', 400, 'Set the upstream caster (host and port) of this network first.');
    }
    return {
      host: network.upstreamHost,
      port: network.upstreamPort ?? 2101,
      version: network.upstreamVersion === 1 ? 1 : 2,
      username: network.upstreamUsername,
      password: network.upstreamPasswordEnc ? secretBox.decrypt(network.upstreamPasswordEnc) : null,
      timeoutMs: sourcetableTimeoutMs,
    };
  }

  /** Compares the upstream's STR records with the network's stations. */
  async function diff(network: NetworkRow, streams: UpstreamStream[]) {
    const existing = await db.select().from(st).where(eq(st.networkId, network.id));
    const byUpstream = new Map(existing.map((row) => [row.upstreamMountpoint ?? row.mountpoint, row]));
    const names = streams.map((stream) => stream.mountpoint);
    const candidates = [...names, ...names.map((name) => `${network.code}_${name}`)];
    const takenElsewhere = new Set(
      candidates.length === 0
        ? []
        : (
            await db
              .select({ mountpoint: st.mountpoint })
              .from(st)
              .where(and(inArray(st.mountpoint, candidates), ne(st.networkId, network.id)))
          ).map((row) => row.mountpoint),
    );
    for (const name of await autoMountNames(candidates)) takenElsewhere.add(name);
    const ownNames = new Set(existing.map((row) => row.mountpoint));
    const changes: (ImportChange & { values: ReturnType<typeof importedValues> })[] = [];
    for (const stream of streams) {
      const values = importedValues(stream);
      const current = byUpstream.get(stream.mountpoint);
      if (current) {
        const fields = importedFields
          .filter((field) => {
            const from = current[field];
            const to = values[field];
            return typeof to === 'number' && typeof from === 'number'
              ? Math.abs(from - to) > 0.005 // STR positions have two decimals
              : from !== to;
          })
          .map((field) => ({ field, from: current[field], to: values[field] }));
        changes.push({
          upstreamMountpoint: stream.mountpoint,
          mountpoint: current.mountpoint,
          action: fields.length > 0 ? 'update' : 'unchanged',
          stationId: current.id,
          fields,
          note: null,
          values,
        });
        continue;
      }
      // A new station keeps the upstream's name, or takes the network's code as a prefix when that is taken.
      const mountpoint = [stream.mountpoint, `${network.code}_${stream.mountpoint}`].find(
        (name) => name.length <= 100 && !takenElsewhere.has(name) && !ownNames.has(name),
      );
      changes.push({
        upstreamMountpoint: stream.mountpoint,
        mountpoint: mountpoint ?? stream.mountpoint,
        action: mountpoint ? 'create' : 'conflict',
        stationId: null,
        fields: importedFields.map((field) => ({ field, from: null, to: values[field] })),
        note: mountpoint ? null : `The mountpoint ${stream.mountpoint} is taken by another network.`,
        values,
      });
      if (mountpoint) ownNames.add(mountpoint);
    }
    return changes;
  }

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

  async function readUpstream(network: NetworkRow) {
    const request = await upstreamOf(network);
    const text = await fetchSourcetable(request);
    return { source: `${request.host}:${request.port}`, streams: parseSourcetable(text) };
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

    async createTemplate(input: CreateNetworkTemplate & { kind: 'hosted' | 'relay' }): Promise<NetworkTemplate> {
      try {
        const [row] = await db
          .insert(tpl)
          .values(input as typeof tpl.$inferInsert)
          .returning();
        return toTemplate(row as TemplateRow, 0);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', 409, 'A template with this name exists.');
        throw error;
      }
    },

    async updateTemplate(id: string, input: Partial<typeof tpl.$inferInsert>): Promise<NetworkTemplate> {
      await templateRow(id);
      try {
        await db
          .update(tpl)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(tpl.id, id));
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', 409, 'A template with this name exists.');
        throw error;
      }
      return templateById(id);
    },

    /** Networks made from it keep their settings (their template link is cleared). */
    async deleteTemplate(id: string) {
      await templateRow(id);
      await db.delete(tpl).where(eq(tpl.id, id));
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

    async createNetwork(input: CreateNetwork): Promise<AdminNetworkDetail> {
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
        const [row] = await db
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
          .returning();
        return getNetwork((row as NetworkRow).id);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', 409, `The network code ${code} is already taken.`);
        throw error;
      }
    },

    async updateNetwork(id: string, input: UpdateNetwork): Promise<AdminNetworkDetail> {
      await networkRow(id);
      const { upstreamHost, upstreamPort, upstreamVersion, upstreamUsername, upstreamPassword, ...plain } = input;
      await db
        .update(net)
        .set({
          ...plain,
          ...upstreamUpdate({ upstreamHost, upstreamPort, upstreamVersion, upstreamUsername, upstreamPassword }),
          updatedAt: new Date(),
        })
        .where(eq(net.id, id));
      return getNetwork(id);
    },

    /** Its stations go with it; sessions and access windows keep their history (network set null / cascade). */
    async deleteNetwork(id: string) {
      await networkRow(id);
      await db.delete(net).where(eq(net.id, id));
    },

    // ---- stations ----
    async addStation(networkId: string, input: CreateStation): Promise<Omit<StationWithSecret, 'caster'>> {
      const network = await networkRow(networkId);
      await assertMountpointFree(input.mountpoint);
      const sourcePassword = network.kind === 'hosted' ? generateSourcePassword() : null;
      const template = network.templateId
        ? (await db.select().from(tpl).where(eq(tpl.id, network.templateId)))[0]
        : undefined;
      try {
        const [row] = await db
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
          .returning();
        return { station: toAdminStation(row as StationRow), sourcePassword };
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new AppError('CONFLICT', 409, `The mountpoint ${input.mountpoint} is already taken.`);
        }
        throw error;
      }
    },

    async updateStation(networkId: string, stationId: string, input: UpdateStation): Promise<AdminStation> {
      await stationRow(networkId, stationId);
      if (input.mountpoint !== undefined) await assertMountpointFree(input.mountpoint, stationId);
      const [row] = await db
        .update(st)
        .set({ ...input, ...enteredPosition(input), updatedAt: new Date() })
        .where(eq(st.id, stationId))
        .returning();
      return stationWithState(row as StationRow);
    },

    async deleteStation(networkId: string, stationId: string) {
      await stationRow(networkId, stationId);
      await db.delete(st).where(eq(st.id, stationId));
    },

    /** A new source password (hosted stations); the old one stops working at the base's next login. */
    async regenerateSourcePassword(networkId: string, stationId: string): Promise<Omit<StationWithSecret, 'caster'>> {
      const network = await networkRow(networkId);
      await stationRow(networkId, stationId);
      if (network.kind !== 'hosted') {
        throw new AppError('BAD_REQUEST', 400, 'Stations of a relay network have no source password.');
      }
      const sourcePassword = generateSourcePassword();
      const [row] = await db
        .update(st)
        .set({ sourcePasswordHash: hashToken(sourcePassword), updatedAt: new Date() })
        .where(eq(st.id, stationId))
        .returning();
      return { station: await stationWithState(row as StationRow), sourcePassword };
    },

    // ---- sourcetable import ----
    async previewImport(networkId: string): Promise<ImportPreview> {
      const network = await networkRow(networkId);
      const { source, streams } = await readUpstream(network);
      const changes = (await diff(network, streams)).map(({ values: _values, ...change }) => change);
      const tally = (action: ImportChange['action']) => changes.filter((change) => change.action === action).length;
      return {
        source,
        fetchedAt: new Date().toISOString(),
        changes,
        summary: {
          create: tally('create'),
          update: tally('update'),
          unchanged: tally('unchanged'),
          conflict: tally('conflict'),
        },
      };
    },

    /**
     * Fetches the table again (what is applied is what the upstream says now, never a stale preview sent back by
     * the browser) and applies the creates and updates in one transaction.
     */
    async applyImport(networkId: string, only?: string[]): Promise<ImportResult> {
      const network = await networkRow(networkId);
      const { streams } = await readUpstream(network);
      const changes = await diff(network, streams);
      const wanted = only ? new Set(only) : undefined;
      const result: ImportResult = { created: [], updated: [], unchanged: 0, skipped: [] };
      await db.transaction(async (tx) => {
        for (const change of changes) {
          if (change.action === 'unchanged') {
            result.unchanged += 1;
            continue;
          }
          if (change.action === 'conflict' || (wanted && !wanted.has(change.upstreamMountpoint))) {
            result.skipped.push(change.upstreamMountpoint);
            continue;
          }
          if (change.action === 'update' && change.stationId) {
            const set = Object.fromEntries(change.fields.map(({ field }) => [field, change.values[field]]));
            await tx
              .update(st)
              .set({ ...set, ...enteredPosition(set), updatedAt: new Date() })
              .where(eq(st.id, change.stationId));
            result.updated.push(change.mountpoint);
          } else {
            await tx.insert(st).values({
              networkId,
              mountpoint: change.mountpoint,
              ...change.values,
              upstreamMountpoint: change.upstreamMountpoint,
            });
            result.created.push(change.mountpoint);
          }
        }
      });
      return result;
    },
  };
}

export type AdminNetworksService = ReturnType<typeof createAdminNetworksService>;
