import { BitReader } from '../bits';
import { decodeMsmHeader, type MsmHeader, msmContentLength } from '../msm';
import { LIGHT_MS_METRES } from '../msm4';
import { carrierFrequency, msmSignalCode, SPEED_OF_LIGHT, type SystemLetter, satelliteId } from './signals';
import { resolveBdsTimeOfWeek, resolveGlonassTimeOfDay, resolveTimeOfWeek } from './time';

// Observation messages (MSM4-7 and legacy 1002/1004/1010/1012) to RINEX observables, computed in the order
// RTKLIB's convbin uses so the printed digits agree (RINEX.md sections 3 and 5).

/** Legacy GLONASS pseudorange ambiguity unit: 2 light-ms. */
const GLONASS_AMBIGUITY_M = 599_584.916;

export interface SignalObservation {
  /** RINEX code without the type letter, e.g. `1C`. */
  code: string;
  pseudorange?: number;
  /** Carrier phase, cycles. */
  phase?: number;
  /** Hz, positive when approaching. */
  doppler?: number;
  /** dB-Hz. */
  cnr?: number;
  /** Loss-of-lock indicator for the phase (bit 0 slip, bit 1 half-cycle). */
  lli: number;
}

export interface SatelliteObservation {
  /** RINEX satellite id, e.g. `G05`. */
  satellite: string;
  signals: SignalObservation[];
}

export interface ObservationMessage {
  messageType: number;
  stationId: number;
  /** Epoch, GPS ms (see time.ts). */
  time: number;
  /** No more observation messages of this epoch follow (MSM multiple-message bit or legacy sync flag = 0). */
  isLastOfEpoch: boolean;
  satellites: SatelliteObservation[];
}

const MSM_SYSTEMS: Record<number, SystemLetter> = {
  1070: 'G',
  1080: 'R',
  1090: 'E',
  1100: 'S',
  1110: 'J',
  1120: 'C',
  1130: 'I',
};

/** Kinds of observation message this decoder reads. */
export function isObservationMessage(messageType: number): boolean {
  const level = messageType % 10;
  return (MSM_SYSTEMS[messageType - level] !== undefined && level >= 4 && level <= 7) || LEGACY.has(messageType);
}
const LEGACY = new Set([1002, 1004, 1010, 1012]);

/**
 * Decodes observation messages of one stream. Keeps what RTCM spreads over messages: the reference time for the
 * week, GLONASS frequency channels, lock indicators (for loss-of-lock) and legacy phase roll-overs.
 */
export class ObservationDecoder {
  #reference: number;
  readonly #glonassChannels: Map<number, number>;
  readonly #locks = new Map<string, number>();
  readonly #legacyPhase = new Map<string, number>();

  /**
   * @param referenceGpsMs a time within half a week of the first epoch (the recording's start)
   * @param glonassChannels frequency channel k by slot, known in advance (a first pass over the data)
   */
  constructor(referenceGpsMs: number, glonassChannels: Map<number, number> = new Map()) {
    this.#reference = referenceGpsMs;
    this.#glonassChannels = glonassChannels;
  }

  get glonassChannels(): ReadonlyMap<number, number> {
    return this.#glonassChannels;
  }

  /** The latest epoch decoded (or the start reference): the receive time for ephemerides. */
  get reference(): number {
    return this.#reference;
  }

  /** A new recording piece starts: its arrival time is the better reference after a gap. */
  set reference(gpsMs: number) {
    this.#reference = gpsMs;
  }

  /** A channel told by another message (1020 ephemeris). */
  learnGlonassChannel(slot: number, channel: number): void {
    this.#glonassChannels.set(slot, channel);
  }

  /** Null for other messages and for payloads too short for what their header announces. */
  decode(payload: Uint8Array): ObservationMessage | null {
    if (payload.length < 3) return null;
    const messageType = (payload[0] as number) * 16 + ((payload[1] as number) >> 4);
    if (LEGACY.has(messageType)) return this.#decodeLegacy(messageType, payload);
    const header = decodeMsmHeader(payload);
    if (!header || header.level < 4 || payload.length < msmContentLength(header)) return null;
    return this.#decodeMsm(header, payload);
  }

  #resolve(system: SystemLetter, epochTime: number): number {
    let time: number;
    if (system === 'R') time = resolveGlonassTimeOfDay(epochTime % 2 ** 27, this.#reference);
    else if (system === 'C') time = resolveBdsTimeOfWeek(epochTime, this.#reference);
    else time = resolveTimeOfWeek(epochTime, this.#reference);
    this.#reference = time;
    return time;
  }

  /** RTKLIB's loss-of-lock rule: the lock indicator dropped, or stayed at zero. */
  #lossOfLock(key: string, lock: number): number {
    const previous = this.#locks.get(key) ?? 0;
    this.#locks.set(key, lock);
    return (lock === 0 && previous === 0) || lock < previous ? 1 : 0;
  }

  #decodeMsm(header: MsmHeader, payload: Uint8Array): ObservationMessage {
    const system = MSM_SYSTEMS[header.messageType - header.level] as SystemLetter;
    const { level } = header;
    const hasRates = level === 5 || level === 7;
    const isHighResolution = level >= 6;
    const reader = new BitReader(payload, header.headerBits);
    const satelliteCount = header.satellites.length;
    const readAll = (count: number, read: () => number) => Array.from({ length: count }, read);

    const wholeMs = readAll(satelliteCount, () => reader.readUnsigned(8));
    const extended = hasRates ? readAll(satelliteCount, () => reader.readUnsigned(4)) : [];
    const fractionMs = readAll(satelliteCount, () => reader.readUnsigned(10));
    const roughRates = hasRates ? readAll(satelliteCount, () => reader.readSigned(14)) : [];
    const ranges = wholeMs.map((whole, i) =>
      whole === 255 ? 0 : whole * LIGHT_MS_METRES + (fractionMs[i] as number) * 2 ** -10 * LIGHT_MS_METRES,
    );

    const cellCount = header.cellCount;
    const pseudoranges = readAll(cellCount, () => reader.readSigned(isHighResolution ? 20 : 15));
    const phases = readAll(cellCount, () => reader.readSigned(isHighResolution ? 24 : 22));
    const locks = readAll(cellCount, () => reader.readUnsigned(isHighResolution ? 10 : 4));
    const halfCycles = readAll(cellCount, () => reader.readUnsigned(1));
    const cnrs = readAll(cellCount, () => reader.readUnsigned(isHighResolution ? 10 : 6));
    const fineRates = hasRates ? readAll(cellCount, () => reader.readSigned(15)) : [];

    const invalidPseudorange = isHighResolution ? -(2 ** 19) : -(2 ** 14);
    const invalidPhase = isHighResolution ? -(2 ** 23) : -(2 ** 21);
    const pseudorangeUnit = (isHighResolution ? 2 ** -29 : 2 ** -24) * LIGHT_MS_METRES;
    const phaseUnit = (isHighResolution ? 2 ** -31 : 2 ** -29) * LIGHT_MS_METRES;
    const cnrUnit = isHighResolution ? 2 ** -4 : 1;

    const satellites: SatelliteObservation[] = [];
    let cell = 0;
    header.satellites.forEach((number, s) => {
      const channel = system === 'R' ? this.#glonassChannel(number, extended[s]) : undefined;
      const satellite = satelliteId(system, system === 'S' ? number + 19 : number);
      const signals: SignalObservation[] = [];
      header.signals.forEach((signalId, g) => {
        if (!header.cells[s]?.[g]) return;
        const k = cell++;
        const code = msmSignalCode(system, signalId);
        if (!code) return;
        const frequency = carrierFrequency(system, code[0] as string, channel);
        const wavelength = frequency ? SPEED_OF_LIGHT / frequency : 0;
        const range = ranges[s] as number;
        const observation: SignalObservation = {
          code,
          lli: this.#lossOfLock(`${satellite}${code}`, locks[k] as number) + ((halfCycles[k] as number) === 1 ? 2 : 0),
        };
        const pseudorange = pseudoranges[k] as number;
        if (range !== 0 && pseudorange !== invalidPseudorange) {
          observation.pseudorange = range + pseudorange * pseudorangeUnit;
        }
        const phase = phases[k] as number;
        if (range !== 0 && phase !== invalidPhase && wavelength > 0) {
          observation.phase = (range + phase * phaseUnit) / wavelength;
        }
        const fineRate = fineRates[k];
        if (hasRates && fineRate !== undefined && fineRate !== -16384 && wavelength > 0) {
          const roughRate = roughRates[s] as number;
          const rate = (roughRate === -8192 ? 0 : roughRate) + fineRate * 0.0001;
          observation.doppler = Math.fround(-rate / wavelength);
        }
        const cnr = cnrs[k] as number;
        if (cnr > 0) observation.cnr = cnr * cnrUnit;
        signals.push(observation);
      });
      if (signals.length > 0) satellites.push({ satellite, signals });
    });
    return {
      messageType: header.messageType,
      stationId: header.stationId,
      time: this.#resolve(system, header.epochTime),
      isLastOfEpoch: !header.multipleMessage,
      satellites,
    };
  }

  /** MSM5/7 carry the channel (k + 7) per satellite; otherwise what other messages told. */
  #glonassChannel(slot: number, extended: number | undefined): number | undefined {
    if (extended !== undefined && extended <= 13) {
      this.#glonassChannels.set(slot, extended - 7);
      return extended - 7;
    }
    return this.#glonassChannels.get(slot);
  }

  #decodeLegacy(messageType: number, payload: Uint8Array): ObservationMessage | null {
    const isGlonass = messageType >= 1009;
    const hasL2 = messageType === 1004 || messageType === 1012;
    const satelliteBits = { 1002: 74, 1004: 125, 1010: 79, 1012: 130 }[messageType] as number;
    const reader = new BitReader(payload, 12);
    const stationId = reader.readUnsigned(12);
    const epochTime = reader.readUnsigned(isGlonass ? 27 : 30);
    const isSynchronous = reader.readBoolean();
    const count = reader.readUnsigned(5);
    reader.skip(4);
    if (reader.remainingBits < count * satelliteBits) return null;
    const time = this.#resolve(isGlonass ? 'R' : 'G', epochTime);
    const satellites: SatelliteObservation[] = [];
    for (let i = 0; i < count; i++) {
      const satellite = isGlonass ? this.#readGlonassSatellite(reader, hasL2) : this.#readGpsSatellite(reader, hasL2);
      if (satellite) satellites.push(satellite);
    }
    return { messageType, stationId, time, isLastOfEpoch: !isSynchronous, satellites };
  }

  #readGpsSatellite(reader: BitReader, hasL2: boolean): SatelliteObservation | null {
    const id = reader.readUnsigned(6);
    const l1Code = reader.readUnsigned(1) ? '1P' : '1C';
    const fields = readLegacyL1(reader, false);
    const satellite = id >= 40 ? satelliteId('S', id - 20) : satelliteId('G', id);
    const system: SystemLetter = id >= 40 ? 'S' : 'G';
    const pseudorange = fields.pseudorange + fields.ambiguity * LIGHT_MS_METRES;
    const l2Fields = hasL2 ? readLegacyL2(reader) : null;
    // SBAS satellites have no L2: whatever the message holds there is not an observation.
    const l2 = system === 'S' ? null : l2Fields;
    const l2Code = l2 ? (['2X', '2P', '2D', '2W'][l2.codeIndicator] as string) : '';
    return this.#legacySatellite(
      system,
      satellite,
      undefined,
      pseudorange,
      { ...fields, code: l1Code },
      l2 && { ...l2, code: l2Code },
    );
  }

  #readGlonassSatellite(reader: BitReader, hasL2: boolean): SatelliteObservation | null {
    const slot = reader.readUnsigned(6);
    const l1Code = reader.readUnsigned(1) ? '1P' : '1C';
    const channelField = reader.readUnsigned(5);
    const fields = readLegacyL1(reader, true);
    const channel = channelField <= 13 ? channelField - 7 : this.#glonassChannels.get(slot);
    if (channelField <= 13) this.#glonassChannels.set(slot, channelField - 7);
    const pseudorange = fields.pseudorange + fields.ambiguity * GLONASS_AMBIGUITY_M;
    const l2 = hasL2 ? readLegacyL2(reader) : null;
    const l2Code = l2 ? (l2.codeIndicator ? '2P' : '2C') : '';
    return this.#legacySatellite(
      'R',
      satelliteId('R', slot),
      channel,
      pseudorange,
      { ...fields, code: l1Code },
      l2 && { ...l2, code: l2Code },
    );
  }

  /** RTKLIB's legacy rules: L1 code and phase only with a valid phase field; phase in cycles from the L1 range. */
  #legacySatellite(
    system: SystemLetter,
    satellite: string,
    channel: number | undefined,
    pseudorange: number,
    l1: LegacySignal & { code: string },
    l2: (LegacySignal & { code: string; pseudorangeDifference: number }) | null,
  ): SatelliteObservation {
    const signals: SignalObservation[] = [];
    const l1Wavelength = wavelengthOf(system, '1', channel);
    const first: SignalObservation = { code: l1.code, lli: this.#lossOfLock(`${satellite}${l1.code}`, l1.lock) };
    if (l1.phaseMinusRange !== -524288) {
      first.pseudorange = pseudorange;
      if (l1Wavelength > 0) {
        first.phase =
          pseudorange / l1Wavelength + this.#adjustPhase(`${satellite}1`, (l1.phaseMinusRange * 0.0005) / l1Wavelength);
      }
    }
    if (l1.cnr > 0) first.cnr = l1.cnr * 0.25;
    signals.push(first);
    if (l2) {
      const l2Wavelength = wavelengthOf(system, '2', channel);
      const second: SignalObservation = { code: l2.code, lli: this.#lossOfLock(`${satellite}${l2.code}`, l2.lock) };
      if (l2.pseudorangeDifference !== -8192) second.pseudorange = pseudorange + l2.pseudorangeDifference * 0.02;
      if (l2.phaseMinusRange !== -524288 && l2Wavelength > 0) {
        second.phase =
          pseudorange / l2Wavelength + this.#adjustPhase(`${satellite}2`, (l2.phaseMinusRange * 0.0005) / l2Wavelength);
      }
      if (l2.cnr > 0) second.cnr = l2.cnr * 0.25;
      signals.push(second);
    }
    return { satellite, signals };
  }

  /** The station rolls phase-minus-range by 1500 cycles before it overflows: undo the roll (RINEX.md section 3). */
  #adjustPhase(key: string, cycles: number): number {
    const previous = this.#legacyPhase.get(key);
    let adjusted = cycles;
    if (previous !== undefined && previous !== 0) {
      if (cycles < previous - 750) adjusted += 1500;
      else if (cycles > previous + 750) adjusted -= 1500;
    }
    this.#legacyPhase.set(key, adjusted);
    return adjusted;
  }
}

interface LegacySignal {
  phaseMinusRange: number;
  lock: number;
  cnr: number;
}

function readLegacyL1(reader: BitReader, isGlonass: boolean) {
  const pseudorange = reader.readUnsigned(isGlonass ? 25 : 24) * 0.02;
  const phaseMinusRange = reader.readSigned(20);
  const lock = reader.readUnsigned(7);
  const ambiguity = reader.readUnsigned(isGlonass ? 7 : 8);
  const cnr = reader.readUnsigned(8);
  return { pseudorange, phaseMinusRange, lock, ambiguity, cnr };
}

function readLegacyL2(reader: BitReader) {
  const codeIndicator = reader.readUnsigned(2);
  const pseudorangeDifference = reader.readSigned(14);
  const phaseMinusRange = reader.readSigned(20);
  const lock = reader.readUnsigned(7);
  const cnr = reader.readUnsigned(8);
  return { codeIndicator, pseudorangeDifference, phaseMinusRange, lock, cnr };
}

function wavelengthOf(system: SystemLetter, band: string, channel: number | undefined): number {
  const frequency = carrierFrequency(system, band, channel);
  return frequency ? SPEED_OF_LIGHT / frequency : 0;
}
