import { type Database, schema } from '@fixpoint/db';
import { AppError } from '@fixpoint/shared';
import { and, inArray, ne, sql } from 'drizzle-orm';

const st = schema.stations;
const net = schema.networks;

/**
 * Mountpoints are unique without regard to case (issue 16; a unique index on lower(mountpoint) holds it in the
 * database too), and a station may not take a network's nearest-base name `CODE_AUTO`, which the caster serves.
 * Rovers still ask for a mountpoint exactly as it is written.
 */
export function createMountpointRules(db: Database) {
  /** Of `names`, those (lower-cased) a network's AUTO mount already has. */
  async function autoMountNames(names: string[]) {
    const codes = names
      .filter((name) => name.toLowerCase().endsWith('_auto'))
      .map((name) => name.slice(0, -'_AUTO'.length).toUpperCase());
    if (codes.length === 0) return new Set<string>();
    const rows = await db
      .select({ code: net.code })
      .from(net)
      .where(inArray(sql`upper(${net.code})`, codes));
    return new Set(rows.map((row) => `${row.code}_AUTO`.toLowerCase()));
  }

  return {
    /** 409 when another station (not `exceptId`) or an AUTO mount has this name in any case. */
    async assertFree(mountpoint: string, exceptId?: string) {
      const sameName = sql`lower(${st.mountpoint}) = lower(${mountpoint})`;
      const [taken] = await db
        .select({ mountpoint: st.mountpoint })
        .from(st)
        .where(exceptId ? and(sameName, ne(st.id, exceptId)) : sameName);
      if (taken) {
        throw new AppError(
          'CONFLICT',
          409,
          taken.mountpoint === mountpoint
            ? `The mountpoint ${mountpoint} is already taken.`
            : `The mountpoint ${mountpoint} is already taken (as ${taken.mountpoint}: mountpoints differ in more than case).`,
        );
      }
      if ((await autoMountNames([mountpoint])).size > 0) {
        throw new AppError('CONFLICT', 409, `The mountpoint ${mountpoint} is already taken.`);
      }
    },

    /** Of `names`, the lower-cased ones taken by stations of other networks or by AUTO mounts. */
    async takenElsewhere(names: string[], networkId: string) {
      if (names.length === 0) return new Set<string>();
      const lower = names.map((name) => name.toLowerCase());
      const rows = await db
        .select({ mountpoint: st.mountpoint })
        .from(st)
        .where(and(inArray(sql`lower(${st.mountpoint})`, lower), ne(st.networkId, networkId)));
      const taken = new Set(rows.map((row) => row.mountpoint.toLowerCase()));
      for (const name of await autoMountNames(names)) taken.add(name);
      return taken;
    },
  };
}

export type MountpointRules = ReturnType<typeof createMountpointRules>;
