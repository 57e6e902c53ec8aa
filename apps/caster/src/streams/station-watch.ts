import { type Database, schema } from '@fixpoint/db';
import { eq, inArray } from 'drizzle-orm';
import type { CasterLogger } from '../logger';
import type { Mount, MountRegistry } from './mount';

/**
 * Operator actions take effect at once (issue 16, docs/decisions/0042): about once a second the stations behind
 * this caster's live mounts are read again. A station that was deleted, or whose network was deleted, loses its
 * base-station upload and its direct rovers (AUTO rovers move to another base, as when a base drops); a disabled
 * station loses its upload; a station whose source password was regenerated loses the upload that logged in with the
 * old one.
 */
export function createStationWatch({
  db,
  mounts,
  logger,
  intervalMs,
}: {
  db: Database;
  mounts: MountRegistry;
  logger: CasterLogger;
  intervalMs: number;
}) {
  let timer: NodeJS.Timeout | undefined;
  let isChecking = false;

  const isLocalHosted = (mount: Mount) =>
    mount.source !== undefined && !mount.source.isRemote && mount.source.passwordHash !== undefined;

  function remove(mount: Mount, reason: string) {
    if (isLocalHosted(mount)) mount.source?.close(reason);
    for (const rover of [...mount.rovers]) if (rover.mountpoint === mount.mountpoint) rover.close(reason);
  }

  async function check() {
    if (isChecking) return;
    const live = [...mounts.all()].filter((mount) => isLocalHosted(mount) || mount.rovers.size > 0);
    if (live.length === 0) return;
    isChecking = true;
    try {
      const s = schema.stations;
      const rows = await db
        .select({ mountpoint: s.mountpoint, isEnabled: s.isEnabled, passwordHash: s.sourcePasswordHash })
        .from(s)
        .innerJoin(schema.networks, eq(schema.networks.id, s.networkId))
        .where(
          inArray(
            s.mountpoint,
            live.map((mount) => mount.mountpoint),
          ),
        );
      const current = new Map(rows.map((row) => [row.mountpoint, row]));
      for (const mount of live) {
        const row = current.get(mount.mountpoint);
        if (!row) {
          logger.info({ mountpoint: mount.mountpoint }, 'station deleted: its connections end');
          remove(mount, 'station-removed');
          continue;
        }
        // Disabled: the upload ends; rovers stay, as when a base goes away, and get it back if it is enabled again.
        if (!row.isEnabled) {
          if (isLocalHosted(mount)) mount.source?.close('station-disabled');
          continue;
        }
        const source = mount.source;
        if (
          source &&
          isLocalHosted(mount) &&
          source.passwordHash !== null &&
          source.passwordHash !== row.passwordHash
        ) {
          logger.info({ mountpoint: mount.mountpoint }, 'source password changed: the upload ends');
          source.close('source-password-changed');
        }
      }
    } catch (error) {
      logger.error({ err: error }, 'station watch: check failed');
    } finally {
      isChecking = false;
    }
  }

  return {
    check,
    start() {
      timer = setInterval(() => void check(), intervalMs);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
    },
  };
}
