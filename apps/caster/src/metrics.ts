import { Counter, Gauge, type Registry } from 'prom-client';

export type LoginFailureReason =
  | 'unknown-user'
  | 'bad-password'
  | 'web-password'
  | 'disabled'
  | 'no-access'
  | 'outside-coverage'
  | 'no-credentials'
  | 'bad-request'
  /** Too many failures for this address and username: refused without a lookup (not written). */
  | 'throttled';

/**
 * Counters on the hot path are plain numbers (a prom-client `inc` with labels per write would cost more than the
 * write); prom-client reads them when scraped.
 */
export interface CasterMetrics {
  bytesIn: number;
  bytesOut: number;
  loginOk(): void;
  loginFailed(reason: LoginFailureReason): void;
  roverDropped(reason: string): void;
  sourceRefused(reason: 'bad-password' | 'busy' | 'invalid-mount' | 'mount-taken'): void;
}

export interface CasterGauges {
  rovers(): number;
  sources(): number;
}

export function createCasterMetrics(registry: Registry, gauges: CasterGauges): CasterMetrics {
  const counts = { bytesIn: 0, bytesOut: 0 };
  let reportedIn = 0;
  let reportedOut = 0;
  new Gauge({
    name: 'fixpoint_caster_rovers_connected',
    help: 'Rovers streaming from this caster',
    registers: [registry],
    collect() {
      this.set(gauges.rovers());
    },
  });
  new Gauge({
    name: 'fixpoint_caster_sources_connected',
    help: 'Base stations streaming into this caster',
    registers: [registry],
    collect() {
      this.set(gauges.sources());
    },
  });
  new Counter({
    name: 'fixpoint_caster_bytes_in_total',
    help: 'Correction bytes received from sources',
    registers: [registry],
    collect() {
      this.inc(counts.bytesIn - reportedIn);
      reportedIn = counts.bytesIn;
    },
  });
  new Counter({
    name: 'fixpoint_caster_bytes_out_total',
    help: 'Correction bytes written to rovers (RTCM bytes, without chunk framing)',
    registers: [registry],
    collect() {
      this.inc(counts.bytesOut - reportedOut);
      reportedOut = counts.bytesOut;
    },
  });
  const logins = new Counter({
    name: 'fixpoint_caster_logins_total',
    help: 'Rover logins by result and reason',
    labelNames: ['result', 'reason'],
    registers: [registry],
  });
  const dropped = new Counter({
    name: 'fixpoint_caster_rovers_closed_total',
    help: 'Rover sessions ended, by close reason',
    labelNames: ['reason'],
    registers: [registry],
  });
  const sourcesRefused = new Counter({
    name: 'fixpoint_caster_sources_refused_total',
    help: 'Refused source connections by reason',
    labelNames: ['reason'],
    registers: [registry],
  });
  return {
    get bytesIn() {
      return counts.bytesIn;
    },
    set bytesIn(value) {
      counts.bytesIn = value;
    },
    get bytesOut() {
      return counts.bytesOut;
    },
    set bytesOut(value) {
      counts.bytesOut = value;
    },
    loginOk: () => logins.inc({ result: 'ok', reason: '' }),
    loginFailed: (reason) => logins.inc({ result: 'failed', reason }),
    roverDropped: (reason) => dropped.inc({ reason }),
    sourceRefused: (reason) => sourcesRefused.inc({ reason }),
  };
}
