import type { FixMs, HealthReason, HealthReasonCode, HealthStatus } from './fleet';

/** What an account's health is judged from: its recent sessions merged, and what the portal knows of the account. */
export interface HealthInput {
  /** Time with GGA in each fix state over the recent sessions. */
  fixMs: FixMs;
  /** Median time to the first RTK fix over the sessions that reached one. */
  timeToFirstFixS: number | null;
  correctionAgeP95S: number | null;
  satellites: number | null;
  baseDistanceKm: number | null;
  /** The base serving the latest session is offline or silent now. */
  isBaseDegraded: boolean;
  /** The latest session: how long it lasted (or has lasted), whether corrections reached it and whether it sent GGA. */
  latest: { mountpoint: string; durationS: number; bytesSent: number; ggaCount: number; isOpen: boolean } | null;
  /** Refused logins in the last 24 hours since the latest session started. */
  failedLogins: number;
  /** Days left of the longest running access (null when none runs now); `hasAccess` false: none runs or waits. */
  accessDaysLeft: number | null;
  hasAccess: boolean;
}

/** The thresholds, named where the reasons say them. */
export const healthLimits = {
  /** Good: at least this share of the GGA time RTK fixed. */
  goodFixedShare: 0.6,
  /** A first fix slower than this is "long time to fix". */
  slowFirstFixS: 180,
  baseFarKm: 30,
  oldCorrectionsS: 10,
  fewSatellites: 10,
  /** The latest session lasted this long without a byte of corrections, or without GGA on an AUTO mount. */
  silentS: 15,
  failedLogins: 3,
  accessEndingDays: 3,
} as const;

const pct = (share: number) => Math.round(share * 100);

const texts: Record<HealthReasonCode, (v: Record<string, number | string>) => string> = {
  'mostly-fixed': (v) => `RTK fixed ${v.fixedPct}% of the time.`,
  'rarely-fixed': (v) =>
    `RTK fixed only ${v.fixedPct}% of the time (float ${v.floatPct}%, without RTK ${v.otherPct}%).`,
  'slow-first-fix': (v) => `The first RTK fix takes ${v.seconds} s after connecting (more than ${v.limit} s).`,
  'base-far': (v) =>
    `The base is ${v.km} km away (more than ${v.limit} km): use a nearer station or the AUTO mountpoint.`,
  'old-corrections': (v) => `Corrections arrive up to ${v.seconds} s old: check the rover's mobile data connection.`,
  'few-satellites': (v) =>
    `The rover uses only ${v.count} satellites: enable more constellations or move away from obstructions.`,
  'base-degraded': (v) => `The base ${v.mountpoint} is offline or interrupted right now.`,
  'obstructed-sky': () =>
    'Nearby base, fresh corrections, enough satellites: the sky view or the antenna placement is the likely cause.',
  'no-corrections': (v) =>
    `Connected to ${v.mountpoint} for ${v.seconds} s without receiving corrections: the base sends nothing; pick another mountpoint.`,
  'no-gga-auto': (v) =>
    `Connected to ${v.mountpoint} but the rover sends no position (NMEA GGA): turn on "send GGA to caster" (every 1 to 10 s) in the rover's NTRIP settings, or choose a station mountpoint.`,
  'failed-logins': (v) =>
    `${v.count} refused logins in the last 24 hours: check the user name and password in the rover.`,
  'access-ending': (v) => `Access ends in ${v.days} day(s): extend it to keep the rover working.`,
  'access-ended': () => 'The account has no access: activate days or a subscription seat.',
  'no-gga': () => 'No GGA received yet: turn on NMEA GGA output to the caster in the rover to see how well it does.',
};

export const reason = (code: HealthReasonCode, values: Record<string, number | string> = {}): HealthReason => ({
  code,
  text: texts[code](values),
  values,
});

/**
 * Judges an account's recent sessions (issue 33): Action required when something must be done (no corrections
 * reach a connected rover, no GGA to an AUTO mount, refused logins, access ending), else Unknown without GGA, else
 * Good when mostly RTK fixed with a timely first fix, else Limited with the likely causes. Pure; unit tested.
 */
export function assessHealth(input: HealthInput): { status: HealthStatus; reasons: HealthReason[] } {
  const actions: HealthReason[] = [];
  const { latest } = input;
  // The latest session, open or ended: a rover left without corrections often hangs up and tries again.
  if (latest && latest.durationS >= healthLimits.silentS) {
    if (latest.mountpoint.endsWith('_AUTO') && latest.ggaCount === 0) {
      actions.push(reason('no-gga-auto', { mountpoint: latest.mountpoint }));
    } else if (latest.bytesSent === 0) {
      actions.push(reason('no-corrections', { mountpoint: latest.mountpoint, seconds: Math.round(latest.durationS) }));
    }
  }
  if (input.failedLogins >= healthLimits.failedLogins)
    actions.push(reason('failed-logins', { count: input.failedLogins }));
  if (!input.hasAccess) actions.push(reason('access-ended'));
  else if (input.accessDaysLeft !== null && input.accessDaysLeft <= healthLimits.accessEndingDays) {
    actions.push(reason('access-ending', { days: input.accessDaysLeft }));
  }
  if (actions.length > 0) return { status: 'action-required', reasons: actions };

  const { fixMs } = input;
  const total = fixMs.fixed + fixMs.float + fixMs.dgps + fixMs.single + fixMs.none;
  if (total <= 0) return { status: 'unknown', reasons: [reason('no-gga')] };
  const fixed = fixMs.fixed / total;
  const float = fixMs.float / total;
  const isSlow = input.timeToFirstFixS !== null && input.timeToFirstFixS > healthLimits.slowFirstFixS;
  if (fixed >= healthLimits.goodFixedShare && !isSlow) {
    return { status: 'good', reasons: [reason('mostly-fixed', { fixedPct: pct(fixed) })] };
  }
  const reasons: HealthReason[] = [];
  if (fixed < healthLimits.goodFixedShare) {
    reasons.push(
      reason('rarely-fixed', { fixedPct: pct(fixed), floatPct: pct(float), otherPct: pct(1 - fixed - float) }),
    );
  }
  if (isSlow) {
    reasons.push(
      reason('slow-first-fix', { seconds: Math.round(input.timeToFirstFixS ?? 0), limit: healthLimits.slowFirstFixS }),
    );
  }
  const causes: HealthReason[] = [];
  if (input.isBaseDegraded && latest) causes.push(reason('base-degraded', { mountpoint: latest.mountpoint }));
  if (input.baseDistanceKm !== null && input.baseDistanceKm > healthLimits.baseFarKm) {
    causes.push(reason('base-far', { km: Math.round(input.baseDistanceKm * 10) / 10, limit: healthLimits.baseFarKm }));
  }
  if (input.correctionAgeP95S !== null && input.correctionAgeP95S > healthLimits.oldCorrectionsS) {
    causes.push(reason('old-corrections', { seconds: input.correctionAgeP95S }));
  }
  if (input.satellites !== null && input.satellites < healthLimits.fewSatellites) {
    causes.push(reason('few-satellites', { count: input.satellites }));
  }
  if (causes.length === 0) causes.push(reason('obstructed-sky'));
  return { status: 'limited', reasons: [...reasons, ...causes] };
}
