// Bit layouts of the RTCM 10403.3 ephemeris messages (1019, 1020, 1042, 1044, 1045, 1046), field by field after the
// 12-bit message number, with the scale that turns each integer into RINEX units (RINEX.md section 2).
import { BitReader } from '../bits';

/** Semicircles to radians with the IS-GPS-200 value of pi, as RTKLIB and so convbin use it. */
// biome-ignore lint/suspicious/noApproximativeNumericConstant: the ICDs define pi with these digits, not Math.PI.
export const SEMICIRCLE = 3.1415926535898;
const P2 = (exponent: number): number => 2 ** exponent;

/** u: unsigned, s: two's complement, m: sign-magnitude (GLONASS). */
type FieldKind = 'u' | 's' | 'm';

export interface Field<Name extends string> {
  readonly name: Name;
  readonly bits: number;
  readonly kind: FieldKind;
  readonly scale: number;
}

const u = <Name extends string>(name: Name, bits: number, scale = 1): Field<Name> => ({ name, bits, kind: 'u', scale });
const s = <Name extends string>(name: Name, bits: number, scale = 1): Field<Name> => ({ name, bits, kind: 's', scale });
const m = <Name extends string>(name: Name, bits: number, scale = 1): Field<Name> => ({ name, bits, kind: 'm', scale });
/** A semicircle (or semicircle/s) field, scaled to radians after its own scale, as RTKLIB does. */
const sc = <Name extends string>(name: Name, bits: number, exponent: number): Field<Name> =>
  s(name, bits, P2(exponent) * SEMICIRCLE);

interface Resolution {
  readonly bits: number;
  readonly exponent: number;
}
/** GPS, QZSS and Galileo: Crs/Crc 16 bits x 2^-5 m, Cuc/Cus/Cic/Cis 16 bits x 2^-29 rad; BDS: 18 bits, 2^-6, 2^-31. */
const GPS_RADIAL: Resolution = { bits: 16, exponent: -5 };
const GPS_HARMONIC: Resolution = { bits: 16, exponent: -29 };
const BDS_RADIAL: Resolution = { bits: 18, exponent: -6 };
const BDS_HARMONIC: Resolution = { bits: 18, exponent: -31 };

/** Crs, delta n, M0, Cuc, e, Cus, sqrt(A): the same order in every Keplerian message. */
const orbitShape = (radial: Resolution, harmonic: Resolution) => [
  s('crs', radial.bits, P2(radial.exponent)),
  sc('deltaN', 16, -43),
  sc('m0', 32, -31),
  s('cuc', harmonic.bits, P2(harmonic.exponent)),
  u('e', 32, P2(-33)),
  s('cus', harmonic.bits, P2(harmonic.exponent)),
  u('sqrtA', 32, P2(-19)),
];

/** Cic, OMEGA0, Cis, i0, Crc, omega, OMEGA DOT: the fields after toe. */
const orbitPlane = (radial: Resolution, harmonic: Resolution) => [
  s('cic', harmonic.bits, P2(harmonic.exponent)),
  sc('omega0', 32, -31),
  s('cis', harmonic.bits, P2(harmonic.exponent)),
  sc('i0', 32, -31),
  s('crc', radial.bits, P2(radial.exponent)),
  sc('omega', 32, -31),
  sc('omegaDot', 24, -43),
];

export const GPS_1019 = [
  u('satellite', 6),
  u('week', 10),
  u('ura', 4),
  u('codesOnL2', 2),
  sc('idot', 14, -43),
  u('iode', 8),
  u('toc', 16, 16),
  s('af2', 8, P2(-55)),
  s('af1', 16, P2(-43)),
  s('af0', 22, P2(-31)),
  u('iodc', 10),
  ...orbitShape(GPS_RADIAL, GPS_HARMONIC),
  u('toe', 16, 16),
  ...orbitPlane(GPS_RADIAL, GPS_HARMONIC),
  s('tgd', 8, P2(-31)),
  u('health', 6),
  u('l2PFlag', 1),
  u('fitFlag', 1),
];

export const QZSS_1044 = [
  u('satellite', 4),
  u('toc', 16, 16),
  s('af2', 8, P2(-55)),
  s('af1', 16, P2(-43)),
  s('af0', 22, P2(-31)),
  u('iode', 8),
  ...orbitShape(GPS_RADIAL, GPS_HARMONIC),
  u('toe', 16, 16),
  ...orbitPlane(GPS_RADIAL, GPS_HARMONIC),
  sc('idot', 14, -43),
  u('codesOnL2', 2),
  u('week', 10),
  u('ura', 4),
  u('health', 6),
  s('tgd', 8, P2(-31)),
  u('iodc', 10),
  u('fitFlag', 1),
];

/** 1045 and 1046 agree up to DF312 (BGD E5a/E1); DF291 (F/NAV) and DF286 (I/NAV) share the SISA slot. */
const GALILEO_COMMON = [
  u('satellite', 6),
  u('week', 12),
  u('iodnav', 10),
  u('sisa', 8),
  sc('idot', 14, -43),
  u('toc', 14, 60),
  s('af2', 6, P2(-59)),
  s('af1', 21, P2(-46)),
  s('af0', 31, P2(-34)),
  ...orbitShape(GPS_RADIAL, GPS_HARMONIC),
  u('toe', 14, 60),
  ...orbitPlane(GPS_RADIAL, GPS_HARMONIC),
  s('bgdE5a', 10, P2(-32)),
];

export const GALILEO_1045 = [...GALILEO_COMMON, u('e5aHealth', 2), u('e5aValidity', 1)];

export const GALILEO_1046 = [
  ...GALILEO_COMMON,
  s('bgdE5b', 10, P2(-32)),
  u('e5bHealth', 2),
  u('e5bValidity', 1),
  u('e1bHealth', 2),
  u('e1bValidity', 1),
];

export const BDS_1042 = [
  u('satellite', 6),
  u('week', 13),
  u('ura', 4),
  sc('idot', 14, -43),
  u('aode', 5),
  u('toc', 17, 8),
  s('af2', 11, P2(-66)),
  s('af1', 22, P2(-50)),
  s('af0', 24, P2(-33)),
  u('aodc', 5),
  ...orbitShape(BDS_RADIAL, BDS_HARMONIC),
  u('toe', 17, 8),
  ...orbitPlane(BDS_RADIAL, BDS_HARMONIC),
  s('tgd1', 10, 1e-10),
  s('tgd2', 10, 1e-10),
  u('health', 1),
];

export const GLONASS_1020 = [
  u('satellite', 6),
  u('channel', 5),
  u('almanacHealth', 1),
  u('almanacHealthAvailable', 1),
  u('p1', 2),
  u('tkHours', 5),
  u('tkMinutes', 6),
  u('tkHalfMinutes', 1),
  u('bnMsb', 1),
  u('p2', 1),
  u('tb', 7),
  m('xDot', 24, P2(-20)),
  m('x', 27, P2(-11)),
  m('xAcc', 5, P2(-30)),
  m('yDot', 24, P2(-20)),
  m('y', 27, P2(-11)),
  m('yAcc', 5, P2(-30)),
  m('zDot', 24, P2(-20)),
  m('z', 27, P2(-11)),
  m('zAcc', 5, P2(-30)),
  u('p3', 1),
  m('gamma', 11, P2(-40)),
  u('p', 2),
  u('ln3', 1),
  m('tau', 22, P2(-30)),
  m('deltaTau', 5, P2(-30)),
  u('age', 5),
  // Not written to RINEX, but part of every 1020 (RTKLIB refuses a shorter one).
  u('p4', 1),
  u('ft', 4),
  u('nt', 11),
  u('m', 2),
  u('additionalData', 1),
  u('na', 11),
  m('tauC', 32, P2(-31)),
  u('n4', 5),
  m('tauGps', 22, P2(-30)),
  u('ln5', 1),
  u('reserved', 7),
];

/** The orbit fields every Keplerian message has, by the names above. */
export type KeplerFields = Fields<ReturnType<typeof orbitShape>> &
  Fields<ReturnType<typeof orbitPlane>> &
  Readonly<Record<'toe', number>>;
export type GalileoFields = Fields<typeof GALILEO_COMMON>;

type Names<Layout> = Layout extends readonly Field<infer Name>[] ? Name : never;
export type Fields<Layout> = Readonly<Record<Names<Layout>, number>>;

function readSignMagnitude(reader: BitReader, bits: number): number {
  const negative = reader.readBoolean();
  const magnitude = reader.readUnsigned(bits - 1);
  return negative && magnitude !== 0 ? -magnitude : magnitude;
}

function readField(reader: BitReader, field: Field<string>): number {
  if (field.kind === 'm') return readSignMagnitude(reader, field.bits);
  return field.kind === 's' ? reader.readSigned(field.bits) : reader.readUnsigned(field.bits);
}

const MESSAGE_NUMBER_BITS = 12;

/** Reads a layout after the message number, each field scaled; null when the payload is too short for it. */
export function readFields<Name extends string>(
  payload: Uint8Array,
  layout: readonly Field<Name>[],
): Readonly<Record<Name, number>> | null {
  const bits = layout.reduce((sum, field) => sum + field.bits, MESSAGE_NUMBER_BITS);
  if (payload.length * 8 < bits) return null;
  const reader = new BitReader(payload, MESSAGE_NUMBER_BITS);
  const values: Partial<Record<Name, number>> = {};
  for (const field of layout) values[field.name] = readField(reader, field) * field.scale;
  return values as Record<Name, number>;
}
