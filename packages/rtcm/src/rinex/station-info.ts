import { BitReader } from '../bits';

/** Antenna and receiver descriptors (1007, 1008, 1033), for the RINEX header's ANT # / TYPE and REC # / TYPE / VERS. */
export interface StationDescriptors {
  messageType: 1007 | 1008 | 1033;
  stationId: number;
  antennaType: string;
  antennaSetupId: number;
  antennaSerial?: string;
  receiverType?: string;
  receiverFirmware?: string;
  receiverSerial?: string;
}

/** Null for other messages or a payload shorter than its counters announce. */
export function decodeStationDescriptors(payload: Uint8Array): StationDescriptors | null {
  try {
    const reader = new BitReader(payload);
    const messageType = reader.readUnsigned(12);
    if (messageType !== 1007 && messageType !== 1008 && messageType !== 1033) return null;
    const stationId = reader.readUnsigned(12);
    const antennaType = readText(reader);
    const antennaSetupId = reader.readUnsigned(8);
    const descriptors: StationDescriptors = { messageType, stationId, antennaType, antennaSetupId };
    if (messageType === 1007) return descriptors;
    descriptors.antennaSerial = readText(reader);
    if (messageType === 1008) return descriptors;
    descriptors.receiverType = readText(reader);
    descriptors.receiverFirmware = readText(reader);
    descriptors.receiverSerial = readText(reader);
    return descriptors;
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/** A counted string (DF029/032/227/229/231 then that many 8-bit characters); non-printable characters become `?`. */
function readText(reader: BitReader): string {
  const length = reader.readUnsigned(8);
  let text = '';
  for (let i = 0; i < length; i++) {
    const code = reader.readUnsigned(8);
    text += code >= 0x20 && code < 0x7f ? String.fromCharCode(code) : '?';
  }
  return text.trim();
}
