import { type AccountHealth, healthRank, type MapRover } from '@fixpoint/shared';

/** The fleet's rovers on the map: each account's last position, coloured by the fix state it last reported. */
export const fleetRovers = (accounts: AccountHealth[]): MapRover[] =>
  accounts.flatMap((health) =>
    health.lastPosition
      ? [
          {
            sessionId: health.accountId,
            accountName: health.accountName,
            username: health.username,
            mountpoint: health.station?.mountpoint ?? '',
            latitude: health.lastPosition.lat,
            longitude: health.lastPosition.lon,
            reportedAt: health.lastPosition.at,
            isConnected: health.isConnected,
            fixState: health.lastPosition.fix,
          },
        ]
      : [],
  );

export type FleetSort = 'health' | 'name' | 'fixed' | 'lastSeen';

/**
 * The table's order: by health most urgent first (Action required, Limited, Unknown, Good; within one, the lowest
 * fixed share first), by name, by fixed share (lowest first) or by last seen (newest first).
 */
export function sortFleet(accounts: AccountHealth[], by: FleetSort, isDescending = false): AccountHealth[] {
  const lastSeen = (h: AccountHealth) => (h.lastPosition ? Date.parse(h.lastPosition.at) : 0);
  const compare: Record<FleetSort, (a: AccountHealth, b: AccountHealth) => number> = {
    health: (a, b) => healthRank[a.status] - healthRank[b.status] || a.fix.fixed - b.fix.fixed,
    name: (a, b) => a.accountName.localeCompare(b.accountName),
    fixed: (a, b) => a.fix.fixed - b.fix.fixed,
    lastSeen: (a, b) => lastSeen(b) - lastSeen(a),
  };
  const sorted = [...accounts].sort(compare[by]);
  return isDescending ? sorted.reverse() : sorted;
}
