import { RtcmFramer } from '../framer';
import { decodeStationPosition } from '../station';
import { decodeEphemeris, type Ephemeris } from './ephemeris';
import { EpochAssembler, EpochFilter, type ObservationEpoch } from './epochs';
import { writeNavigationFile } from './nav-writer';
import { writeObservationEpoch, writeObservationHeader } from './obs-writer';
import { isObservationMessage, ObservationDecoder } from './observations';
import { compareCodes, SYSTEMS, type SystemLetter } from './signals';
import { decodeStationDescriptors, type StationDescriptors } from './station-info';
import { unixToGps } from './time';

/** A piece of a recorded stream: whole or partial RTCM frames, with the time it arrived when known. */
export interface RtcmChunk {
  data: Uint8Array;
  /** Unix ms of the piece's first byte; the reference for the week and day of the tags. */
  receivedAt?: number;
}

export interface RinexConversionOptions {
  /** Unix ms near the data's start (within half a week), when the chunks do not say when they arrived. */
  referenceTime: number;
  /** Unix ms window [from, to); epochs outside are left out. */
  from?: number;
  to?: number;
  /** Keep epochs on multiples of this many seconds; 0 keeps every epoch. */
  intervalSeconds?: number;
  /** RINEX system letters to keep, e.g. `GRE`; empty keeps all. */
  systems?: string;
  markerName: string;
  program: string;
  runBy: string;
  agency?: string;
  comments?: string[];
  createdAt?: Date;
  /** Raw bytes in the source, for progress. */
  totalBytes?: number;
  onProgress?: (fraction: number) => void;
  /** Receives the observation file in pieces, header first. */
  writeObservation: (text: string) => void | Promise<void>;
}

export interface RinexConversionResult {
  epochs: number;
  /** GPS ms of the first and last epoch written; null without epochs. */
  firstEpoch: number | null;
  lastEpoch: number | null;
  satellites: number;
  navigation: string;
  ephemerides: number;
}

type Source = () => AsyncIterable<RtcmChunk> | Iterable<RtcmChunk>;

/**
 * RTCM 3 to a RINEX 3.04 observation and navigation file. Two passes over the source: the header needs what only
 * the whole stream tells (types present, GLONASS channels, first and last epoch; RINEX.md pitfalls 7 and 8), and a
 * second pass writes the epochs as they come, so memory stays flat whatever the window.
 */
export async function convertRtcmToRinex(
  source: Source,
  options: RinexConversionOptions,
): Promise<RinexConversionResult> {
  const filter = {
    intervalSeconds: options.intervalSeconds ?? 0,
    systems: options.systems ?? '',
    from: options.from === undefined ? Number.NEGATIVE_INFINITY : unixToGps(options.from),
    to: options.to === undefined ? Number.POSITIVE_INFINITY : unixToGps(options.to),
  };
  const progress = progressReporter(options);
  const scan = await scanStream(source, options, filter, (bytes) => progress(bytes / 2));
  if (scan.epochs === 0) {
    return { epochs: 0, firstEpoch: null, lastEpoch: null, satellites: 0, navigation: '', ephemerides: 0 };
  }
  const types = observationTypes(scan.typeBits);
  await options.writeObservation(
    writeObservationHeader({
      program: options.program,
      runBy: options.runBy,
      createdAt: options.createdAt ?? new Date(),
      comments: options.comments ?? [],
      markerName: options.markerName,
      markerNumber: scan.stationId === null ? undefined : String(scan.stationId),
      agency: options.agency ?? '',
      receiver: {
        serial: scan.descriptors?.receiverSerial ?? '',
        type: scan.descriptors?.receiverType ?? '',
        version: scan.descriptors?.receiverFirmware ?? '',
      },
      antenna: { serial: scan.descriptors?.antennaSerial ?? '', type: scan.descriptors?.antennaType ?? '' },
      position: scan.position,
      antennaHeight: scan.antennaHeight,
      types,
      intervalSeconds: filter.intervalSeconds,
      firstEpoch: scan.firstEpoch,
      lastEpoch: scan.lastEpoch,
      glonassChannels: scan.glonassChannels,
    }),
  );

  const ephemerides: Ephemeris[] = [];
  let pending: string[] = [];
  const flush = async () => {
    if (pending.length === 0) return;
    const text = pending.join('');
    pending = [];
    await options.writeObservation(text);
  };
  await readStream(source, options, filter, new Map(scan.glonassChannels), {
    onEpoch: async (epoch) => {
      pending.push(writeObservationEpoch(epoch, types));
      if (pending.length >= 256) await flush();
    },
    onOther: (payload, reference) => {
      const ephemeris = decodeEphemeris(payload, reference);
      if (ephemeris) ephemerides.push(ephemeris);
    },
    onBytes: (bytes) => progress(options.totalBytes === undefined ? 0 : options.totalBytes / 2 + bytes / 2),
  });
  await flush();
  options.onProgress?.(1);
  const navigation = writeNavigationFile(ephemerides, {
    program: options.program,
    runBy: options.runBy,
    createdAt: options.createdAt ?? new Date(),
    comments: options.comments,
  });
  return {
    epochs: scan.epochs,
    firstEpoch: scan.firstEpoch,
    lastEpoch: scan.lastEpoch,
    satellites: scan.satellites.size,
    navigation,
    ephemerides: ephemerides.length,
  };
}

interface StreamHandlers {
  onEpoch(epoch: ObservationEpoch): void | Promise<void>;
  /** The RTCM station id (DF003) of each observation message. */
  onStationId?(stationId: number): void;
  /** Any message that is not an observation, with the current reference (GPS ms). */
  onOther(payload: Uint8Array, reference: number, messageType: number): void;
  /** Bytes of the source read so far. */
  onBytes(bytes: number): void;
}

/** Frames the source, decodes observations into filtered epochs and hands everything else on. */
async function readStream(
  source: Source,
  options: RinexConversionOptions,
  filterOptions: ConstructorParameters<typeof EpochFilter>[0],
  glonassChannels: Map<number, number>,
  handlers: StreamHandlers,
): Promise<void> {
  const decoder = new ObservationDecoder(unixToGps(options.referenceTime), glonassChannels);
  const assembler = new EpochAssembler();
  const filter = new EpochFilter(filterOptions);
  const framer = new RtcmFramer();
  let bytes = 0;
  for await (const chunk of source()) {
    if (chunk.receivedAt !== undefined) decoder.reference = unixToGps(chunk.receivedAt);
    for (const frame of framer.push(chunk.data)) {
      if (!isObservationMessage(frame.messageType)) {
        if (frame.messageType === 1020) learnGlonassChannel(decoder, frame.payload);
        handlers.onOther(frame.payload, decoder.reference, frame.messageType);
        continue;
      }
      const message = decoder.decode(frame.payload);
      if (message) handlers.onStationId?.(message.stationId);
      const epoch = message && assembler.push(message);
      const written = epoch && filter.apply(epoch);
      if (written) await handlers.onEpoch(written);
    }
    bytes += chunk.data.length;
    handlers.onBytes(bytes);
  }
}

/** 1020 carries the slot (DF038) and channel (DF040, k + 7) right after the station-free header. */
function learnGlonassChannel(decoder: ObservationDecoder, payload: Uint8Array): void {
  if (payload.length < 3) return;
  const slot = ((payload[1] as number) & 0x0f) * 4 + ((payload[2] as number) >> 6);
  const channel = ((payload[2] as number) >> 1) & 0x1f;
  if (slot >= 1 && slot <= 24 && channel <= 13) decoder.learnGlonassChannel(slot, channel - 7);
}

interface StreamScan {
  epochs: number;
  firstEpoch: number;
  lastEpoch: number;
  satellites: Set<string>;
  stationId: number | null;
  /** Per system and code: bit 0 C, 1 L, 2 D, 3 S seen with a value. */
  typeBits: Map<SystemLetter, Map<string, number>>;
  glonassChannels: Map<number, number>;
  position: { x: number; y: number; z: number } | null;
  antennaHeight: number;
  descriptors: StationDescriptors | null;
}

async function scanStream(
  source: Source,
  options: RinexConversionOptions,
  filter: ConstructorParameters<typeof EpochFilter>[0],
  onBytes: (bytes: number) => void,
): Promise<StreamScan> {
  const scan: StreamScan = {
    epochs: 0,
    firstEpoch: 0,
    lastEpoch: 0,
    satellites: new Set(),
    stationId: null,
    typeBits: new Map(),
    glonassChannels: new Map(),
    position: null,
    antennaHeight: 0,
    descriptors: null,
  };
  await readStream(source, options, filter, scan.glonassChannels, {
    // The id of the station whose observations are written (decision 0045: MARKER NUMBER).
    onStationId(stationId) {
      scan.stationId ??= stationId;
    },
    onEpoch(epoch) {
      if (scan.epochs === 0) scan.firstEpoch = epoch.time;
      scan.lastEpoch = epoch.time;
      scan.epochs++;
      for (const { satellite, signals } of epoch.satellites) {
        scan.satellites.add(satellite);
        const system = satellite[0] as SystemLetter;
        const codes = scan.typeBits.get(system) ?? new Map<string, number>();
        scan.typeBits.set(system, codes);
        for (const signal of signals) {
          const bits =
            (signal.pseudorange ? 1 : 0) | (signal.phase ? 2 : 0) | (signal.doppler ? 4 : 0) | (signal.cnr ? 8 : 0);
          codes.set(signal.code, (codes.get(signal.code) ?? 0) | bits);
        }
      }
    },
    onOther(payload, _reference, type) {
      if ((type === 1005 || type === 1006) && !scan.position) {
        const station = decodeStationPosition(payload);
        if (station) {
          scan.position = station.ecef;
          scan.antennaHeight = station.antennaHeight ?? 0;
        }
      } else if (type === 1007 || type === 1008 || type === 1033) {
        const descriptors = decodeStationDescriptors(payload);
        if (descriptors && (!scan.descriptors || descriptors.messageType >= scan.descriptors.messageType)) {
          scan.descriptors = descriptors;
        }
      }
    },
    onBytes,
  });
  return scan;
}

/** `C1C L1C D1C S1C C2W ...`: codes in convbin's order, each with the kinds of value seen. */
function observationTypes(typeBits: StreamScan['typeBits']): Partial<Record<SystemLetter, string[]>> {
  const types: Partial<Record<SystemLetter, string[]>> = {};
  for (const system of SYSTEMS) {
    const codes = typeBits.get(system);
    if (!codes) continue;
    const list: string[] = [];
    for (const code of [...codes.keys()].sort((a, b) => compareCodes(system, a, b))) {
      const bits = codes.get(code) ?? 0;
      ['C', 'L', 'D', 'S'].forEach((kind, bit) => {
        if (bits & (1 << bit)) list.push(kind + code);
      });
    }
    if (list.length > 0) types[system] = list;
  }
  return types;
}

function progressReporter(options: RinexConversionOptions): (bytes: number) => void {
  let reported = -1;
  return (bytes) => {
    if (!options.onProgress || !options.totalBytes) return;
    const fraction = Math.min(0.99, bytes / options.totalBytes);
    if (fraction - reported >= 0.01) {
      reported = fraction;
      options.onProgress(fraction);
    }
  };
}
