import { type Database, type SecretBox, schema } from '@fixpoint/db';
import { AppError, type ImportChange, type ImportPreview, type ImportResult } from '@fixpoint/shared';
import { eq } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/audit';
import { enteredPosition, importedFields, importedValues, type NetworkRow } from './admin-networks.mappers';
import type { MountpointRules } from './mountpoints';
import { fetchSourcetable, parseSourcetable, type SourcetableRequest, type UpstreamStream } from './sourcetable';

/**
 * Importing a relay network's stations from its upstream's sourcetable: a preview of what would change, and applying
 * it (docs/decisions/0019). A new station keeps the upstream's name unless another network has it in any case.
 */
export function createStationImport({
  db,
  secretBox,
  mountpoints,
  networkRow,
  sourcetableTimeoutMs,
}: {
  db: Database;
  secretBox: SecretBox;
  mountpoints: MountpointRules;
  networkRow: (id: string) => Promise<NetworkRow>;
  sourcetableTimeoutMs: number;
}) {
  const st = schema.stations;

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
    // Lower-cased: mountpoints are unique without regard to case.
    const takenElsewhere = await mountpoints.takenElsewhere(candidates, network.id);
    const ownNames = new Set(existing.map((row) => row.mountpoint.toLowerCase()));
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
        (name) => name.length <= 100 && !takenElsewhere.has(name.toLowerCase()) && !ownNames.has(name.toLowerCase()),
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
      if (mountpoint) ownNames.add(mountpoint.toLowerCase());
    }
    return changes;
  }

  async function readUpstream(network: NetworkRow) {
    const request = await upstreamOf(network);
    const text = await fetchSourcetable(request);
    return { source: `${request.host}:${request.port}`, streams: parseSourcetable(text) };
  }

  return {
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
    async applyImport(networkId: string, only: string[] | undefined, actor: AuditActor): Promise<ImportResult> {
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
            // Each imported change in the audit log, in the import's transaction (decision 0064).
            await recordAudit(tx, {
              actor,
              kind: 'station.update',
              target: { kind: 'station', id: change.stationId, label: change.mountpoint },
              before: Object.fromEntries(change.fields.map(({ field, from }) => [field, from])),
              after: Object.fromEntries(change.fields.map(({ field, to }) => [field, to])),
            });
            result.updated.push(change.mountpoint);
          } else {
            const [created] = await tx
              .insert(st)
              .values({
                networkId,
                mountpoint: change.mountpoint,
                ...change.values,
                upstreamMountpoint: change.upstreamMountpoint,
              })
              .returning();
            if (created) {
              await recordAudit(tx, {
                actor,
                kind: 'station.create',
                target: { kind: 'station', id: created.id, label: created.mountpoint },
                after: created,
              });
            }
            result.created.push(change.mountpoint);
          }
        }
      });
      return result;
    },
  };
}
