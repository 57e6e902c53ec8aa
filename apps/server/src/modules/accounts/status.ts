import type { Diagnosis, NtripAccount } from '@fixpoint/shared';

const dayMs = 24 * 60 * 60 * 1000;

export interface WindowRow {
  networkId: string;
  networkName: string;
  networkCode: string;
  /** Epoch milliseconds; null while the days wait for the first connection. */
  startsAt: number | null;
  endsAt: number | null;
  pendingDays: number | null;
}

/**
 * Per network: active until the end of the access covering now (windows are chained end to start, so that is the
 * latest end), pending while days wait for the first connection, expired once all ended. One pass over the
 * windows: every account list answer runs this for every account (issue 18).
 */
export function networkStatuses(windows: readonly WindowRow[], now: Date): NtripAccount['networks'] {
  const nowMs = now.getTime();
  const byNetwork = new Map<string, { first: WindowRow; isCovered: boolean; latestEnd: number; pendingDays: number }>();
  for (const w of windows) {
    let network = byNetwork.get(w.networkId);
    if (!network) {
      network = { first: w, isCovered: false, latestEnd: Number.NEGATIVE_INFINITY, pendingDays: 0 };
      byNetwork.set(w.networkId, network);
    }
    if (w.startsAt === null) {
      network.pendingDays += w.pendingDays ?? 0;
    } else if (w.endsAt !== null) {
      if (w.startsAt <= nowMs && w.endsAt > nowMs) network.isCovered = true;
      if (w.endsAt > network.latestEnd) network.latestEnd = w.endsAt;
    }
  }
  // Each status built whole, not spread from a common part: this runs for every account of every list answer.
  const statuses: NtripAccount['networks'] = [];
  for (const { first, isCovered, latestEnd, pendingDays } of byNetwork.values()) {
    const { networkId, networkName, networkCode } = first;
    const hasDatedWindow = latestEnd !== Number.NEGATIVE_INFINITY;
    if (isCovered) {
      const daysLeft = Math.ceil((latestEnd - nowMs) / dayMs);
      const activeUntil = new Date(latestEnd).toISOString();
      statuses.push({ networkId, networkName, networkCode, state: 'active', activeUntil, daysLeft });
    } else if (pendingDays > 0) {
      statuses.push({
        networkId,
        networkName,
        networkCode,
        state: 'pending',
        activeUntil: null,
        daysLeft: pendingDays,
      });
    } else if (hasDatedWindow) {
      const activeUntil = new Date(latestEnd).toISOString();
      statuses.push({ networkId, networkName, networkCode, state: 'expired', activeUntil, daysLeft: 0 });
    } else {
      statuses.push({ networkId, networkName, networkCode, state: 'never', activeUntil: null, daysLeft: null });
    }
  }
  return statuses;
}

export interface DiagnosisInput {
  isDisabled: boolean;
  networks: NtripAccount['networks'];
  latestSession: { startedAt: Date; endedAt: Date | null; ggaCount: number; mountpoint: string } | undefined;
  latestFailure: { at: Date; reason: string } | undefined;
}

/** What to tell the owner about the rover, most urgent first. */
export function diagnose({ isDisabled, networks, latestSession, latestFailure }: DiagnosisInput): Diagnosis {
  if (isDisabled) return 'disabled';
  if (latestSession && !latestSession.endedAt) {
    return latestSession.ggaCount === 0 && latestSession.mountpoint.endsWith('_AUTO')
      ? 'connected-no-gga'
      : 'receiving';
  }
  const failureIsNewest = latestFailure && (!latestSession || latestFailure.at > latestSession.startedAt);
  if (failureIsNewest) {
    if (latestFailure.reason === 'web-password') return 'web-password';
    if (latestFailure.reason === 'bad-password') return 'bad-password';
    if (latestFailure.reason === 'outside-coverage') return 'outside-coverage';
  }
  const hasAccess = networks.some((n) => n.state === 'active' || n.state === 'pending');
  if (!hasAccess) return networks.some((n) => n.state === 'expired') ? 'expired' : 'no-access';
  return latestSession ? 'idle' : 'never-connected';
}
