import type { Diagnosis, NtripAccount } from '@fixpoint/shared';

const dayMs = 24 * 60 * 60 * 1000;

export interface WindowRow {
  networkId: string;
  networkName: string;
  networkCode: string;
  startsAt: Date | null;
  endsAt: Date | null;
  pendingDays: number | null;
}

/**
 * Per network: active until the end of the access covering now (windows are chained end to start, so that is the
 * latest end), pending while days wait for the first connection, expired once all ended.
 */
export function networkStatuses(windows: WindowRow[], now: Date): NtripAccount['networks'] {
  // Map.groupBy needs Node 21; we support Node 20.
  const byNetwork = new Map<string, WindowRow[]>();
  for (const w of windows) byNetwork.set(w.networkId, [...(byNetwork.get(w.networkId) ?? []), w]);
  return [...byNetwork.values()].map((rows) => {
    const first = rows[0] as WindowRow;
    const dated = rows.filter((w) => w.startsAt && w.endsAt);
    const covering = dated.filter((w) => (w.startsAt as Date) <= now && (w.endsAt as Date) > now);
    const latestEnd = dated.reduce<Date | null>(
      (max, w) => (!max || (w.endsAt as Date) > max ? (w.endsAt as Date) : max),
      null,
    );
    const pendingDays = rows.reduce((sum, w) => sum + (w.startsAt ? 0 : (w.pendingDays ?? 0)), 0);
    const base = { networkId: first.networkId, networkName: first.networkName, networkCode: first.networkCode };
    if (covering.length > 0 && latestEnd) {
      return {
        ...base,
        state: 'active',
        activeUntil: latestEnd.toISOString(),
        daysLeft: Math.ceil((latestEnd.getTime() - now.getTime()) / dayMs),
      };
    }
    if (pendingDays > 0) return { ...base, state: 'pending', activeUntil: null, daysLeft: pendingDays };
    if (latestEnd) return { ...base, state: 'expired', activeUntil: latestEnd.toISOString(), daysLeft: 0 };
    return { ...base, state: 'never', activeUntil: null, daysLeft: null };
  });
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
