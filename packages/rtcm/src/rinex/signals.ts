// Signals and frequencies for RTCM MSM and RINEX 3.04 (RINEX.md sections 3 and 4).

/** RINEX system letters, in the order RTKLIB writes them. */
export const SYSTEMS = ['G', 'R', 'E', 'J', 'S', 'C', 'I'] as const;
export type SystemLetter = (typeof SYSTEMS)[number];

export const SPEED_OF_LIGHT = 299_792_458;

/** MSM signal id (1-32) -> RINEX 3 code (band digit + attribute); unassigned ids are missing. */
const MSM_SIGNALS: Record<SystemLetter, Record<number, string>> = {
  G: {
    2: '1C',
    3: '1P',
    4: '1W',
    8: '2C',
    9: '2P',
    10: '2W',
    15: '2S',
    16: '2L',
    17: '2X',
    22: '5I',
    23: '5Q',
    24: '5X',
    30: '1S',
    31: '1L',
    32: '1X',
  },
  R: { 2: '1C', 3: '1P', 8: '2C', 9: '2P' },
  E: {
    2: '1C',
    3: '1A',
    4: '1B',
    5: '1X',
    6: '1Z',
    8: '6C',
    9: '6A',
    10: '6B',
    11: '6X',
    12: '6Z',
    14: '7I',
    15: '7Q',
    16: '7X',
    18: '8I',
    19: '8Q',
    20: '8X',
    22: '5I',
    23: '5Q',
    24: '5X',
  },
  S: { 2: '1C', 22: '5I', 23: '5Q', 24: '5X' },
  J: {
    2: '1C',
    9: '6S',
    10: '6L',
    11: '6X',
    15: '2S',
    16: '2L',
    17: '2X',
    22: '5I',
    23: '5Q',
    24: '5X',
    30: '1S',
    31: '1L',
    32: '1X',
  },
  C: {
    2: '2I',
    3: '2Q',
    4: '2X',
    8: '6I',
    9: '6Q',
    10: '6X',
    14: '7I',
    15: '7Q',
    16: '7X',
    22: '5D',
    23: '5P',
    24: '5X',
    25: '7D',
    30: '1D',
    31: '1P',
    32: '1X',
  },
  I: { 22: '5A' },
};

export function msmSignalCode(system: SystemLetter, signalId: number): string | undefined {
  return MSM_SIGNALS[system][signalId];
}

/** Carrier frequency (Hz) of a band; GLONASS FDMA bands need the channel k (-7..+6), else undefined. */
export function carrierFrequency(system: SystemLetter, band: string, glonassChannel?: number): number | undefined {
  if (system === 'R') {
    if (band === '3') return 1_202_025_000;
    if (glonassChannel === undefined) return undefined;
    if (band === '1') return 1_602_000_000 + glonassChannel * 562_500;
    if (band === '2') return 1_246_000_000 + glonassChannel * 437_500;
    return undefined;
  }
  if (system === 'C') {
    if (band === '2') return 1_561_098_000;
    if (band === '6') return 1_268_520_000;
  }
  return BAND_FREQUENCIES[band];
}

const BAND_FREQUENCIES: Record<string, number> = {
  '1': 1_575_420_000,
  '2': 1_227_600_000,
  '5': 1_176_450_000,
  '6': 1_278_750_000,
  '7': 1_207_140_000,
  '8': 1_191_795_000,
  '9': 2_492_028_000,
};

/**
 * RTKLIB's frequency slot of a band per system; observation types are ordered by slot, then by code (convbin's
 * order: GPS C1C ... C2W ... C2X ... C5X, BeiDou C2I ... C7I ... C6I).
 */
const FREQUENCY_SLOTS: Record<SystemLetter, string> = {
  G: '125',
  R: '123',
  E: '17568',
  J: '1256',
  S: '15',
  C: '27615',
  I: '59',
};

export function compareCodes(system: SystemLetter, a: string, b: string): number {
  const slots = FREQUENCY_SLOTS[system];
  const slotOf = (code: string) => {
    const index = slots.indexOf(code[0] as string);
    return index < 0 ? slots.length : index;
  };
  return slotOf(a) - slotOf(b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** The phase reference signal of each band (RINEX 3.04 table A23): written in SYS / PHASE SHIFT without a value. */
const PHASE_REFERENCES: Record<SystemLetter, readonly string[]> = {
  G: ['1C', '2P', '5I'],
  R: ['1C', '2C'],
  E: ['1B', '5I', '7I', '8I', '6B'],
  J: ['1C', '2S', '5I', '6S'],
  C: ['2I', '1D', '5D', '7I', '7D', '8D', '6I'],
  S: ['1C', '5I'],
  I: ['5A'],
};

export const isPhaseReference = (system: SystemLetter, code: string): boolean =>
  PHASE_REFERENCES[system].includes(code);

/** RINEX satellite id (`G05`, `J01`, `S20`) from the system and the number RTCM gives (QZSS PRN 193-202 -> 1-10). */
export function satelliteId(system: SystemLetter, number: number): string {
  return `${system}${String(number).padStart(2, '0')}`;
}
