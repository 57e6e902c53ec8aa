import { describe, expect, it } from 'vitest';
import {
  buildGga,
  type Gga,
  type GgaFix,
  hasGgaPosition,
  nmeaChecksum,
  parseGga,
  parseGgaBytes,
  readGgaFix,
} from './nmea';

const withChecksum = (body: string): string => `$${body}*${nmeaChecksum(body)}`;

describe('parseGga', () => {
  it('parses the textbook sentence', () => {
    expect(parseGga('$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47')).toEqual({
      talker: 'GP',
      time: 12 * 3600 + 35 * 60 + 19,
      latitude: 48 + 7.038 / 60,
      longitude: 11 + 31 / 60,
      quality: 1,
      satellites: 8,
      hdop: 0.9,
      altitude: 545.4,
      geoidSeparation: 46.9,
      ageOfDifferential: null,
      differentialStationId: null,
    });
  });

  it.each(['GP', 'GN', 'GL', 'GA', 'GB', 'BD', 'GQ'])('accepts the %s talker', (talker) => {
    const gga = parseGga(
      withChecksum(`${talker}GGA,001122.50,3203.94995,S,03446.42914,W,4,12,0.6,10.2,M,18.1,M,1.0,0042`),
    );
    expect(gga).toMatchObject({
      talker,
      time: 11 * 60 + 22.5,
      quality: 4,
      ageOfDifferential: 1,
      differentialStationId: '0042',
    });
    expect(gga?.latitude).toBeCloseTo(-(32 + 3.94995 / 60), 9);
    expect(gga?.longitude).toBeCloseTo(-(34 + 46.42914 / 60), 9);
  });

  it('accepts trailing CR LF, lower-case checksums and no checksum', () => {
    const sentence = withChecksum('GNGGA,120000,5200.000,N,00500.000,E,1,10,1.0,0.0,M,0.0,M,,');
    expect(parseGga(`${sentence}\r\n`)?.latitude).toBe(52);
    const star = sentence.indexOf('*');
    expect(parseGga(sentence.slice(0, star) + sentence.slice(star).toLowerCase())).not.toBeNull();
    expect(parseGga(sentence.slice(0, star))?.longitude).toBe(5);
  });

  it('rejects a bad or empty checksum', () => {
    const sentence = withChecksum('GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,');
    const wrong = sentence.slice(0, -2) + (sentence.endsWith('00') ? '01' : '00');
    expect(parseGga(wrong)).toBeNull();
    expect(parseGga(sentence.slice(0, sentence.indexOf('*') + 1))).toBeNull();
    expect(parseGga(sentence.replace('4807', '4808'))).toBeNull();
  });

  it('returns a no-fix sentence with empty position as nulls', () => {
    const gga = parseGga(withChecksum('GPGGA,235947.00,,,,,0,00,99.99,,,,,,'));
    expect(gga).toMatchObject({ quality: 0, latitude: null, longitude: null, altitude: null, satellites: 0 });
    expect(gga && hasGgaPosition(gga)).toBe(false);
  });

  it('keeps the position a no-fix sentence carries, and hasGgaPosition rejects it', () => {
    const gga = parseGga(withChecksum('GPGGA,120000,5200.000,N,00500.000,E,0,00,,,M,,M,,'));
    expect(gga).toMatchObject({ quality: 0, latitude: 52, longitude: 5 });
    expect(gga && hasGgaPosition(gga)).toBe(false);
    const zero = parseGga(withChecksum('GPGGA,120000,0000.000,N,00000.000,E,1,05,,,M,,M,,'));
    expect(zero && hasGgaPosition(zero)).toBe(false);
  });

  it('reads coordinates sent without leading zeros', () => {
    expect(parseGga(withChecksum('GPGGA,120000,807.5,N,131.5,E,1,05,1,1,M,1,M,,'))).toMatchObject({
      latitude: 8 + 7.5 / 60,
      longitude: 1 + 31.5 / 60,
    });
  });

  it.each([
    ['not GGA', 'GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W'],
    ['bad address', 'GPGGAX,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,'],
    ['too few fields', 'GPGGA,123519,4807.038,N'],
    ['bad hemisphere', 'GPGGA,123519,4807.038,X,01131.000,E,1,08,0.9,545.4,M,46.9,M,,'],
    ['minutes over 60', 'GPGGA,123519,4865.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,'],
    ['latitude over 90', 'GPGGA,123519,9107.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,'],
    ['latitude without longitude', 'GPGGA,123519,4807.038,N,,,1,08,0.9,545.4,M,46.9,M,,'],
    ['bad time', 'GPGGA,126519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,'],
    ['missing quality', 'GPGGA,123519,4807.038,N,01131.000,E,,08,0.9,545.4,M,46.9,M,,'],
    ['bad altitude', 'GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,5x5,M,46.9,M,,'],
  ])('rejects %s', (_, body) => {
    expect(parseGga(withChecksum(body))).toBeNull();
  });

  it('rejects text without a $', () => {
    expect(parseGga('GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47')).toBeNull();
    expect(parseGga('')).toBeNull();
  });
});

describe('buildGga', () => {
  it('builds a sentence with a valid checksum and no line ending', () => {
    const sentence = buildGga({
      latitude: 48.1173,
      longitude: 11.516_666_7,
      altitude: 545.4,
      time: new Date(Date.UTC(2025, 0, 1, 12, 35, 19, 250)),
      quality: 2,
      geoidSeparation: 46.9,
    });
    expect(sentence).toMatch(
      /^\$GPGGA,123519\.25,4807\.0380000,N,01131\.0000020,E,2,12,1\.0,545\.400,M,46\.900,M,,\*[0-9A-F]{2}$/,
    );
    const body = sentence.slice(1, sentence.indexOf('*'));
    expect(sentence.endsWith(`*${nmeaChecksum(body)}`)).toBe(true);
  });

  it('round-trips through parseGga in every quadrant to well under a millimetre', () => {
    for (const [latitude, longitude] of [
      [52.123_456_789, 4.987_654_321],
      [-33.856_784, 151.215_297],
      [-0.000_001, -179.999_999],
      [89.999_999_99, 0],
    ] as const) {
      const gga = parseGga(buildGga({ latitude, longitude, altitude: -12.5, time: 45_296.5, talker: 'GN' }));
      expect(gga?.talker).toBe('GN');
      expect(gga?.time).toBe(45_296.5);
      expect(gga?.altitude).toBe(-12.5);
      expect(Math.abs((gga?.latitude ?? Number.NaN) - latitude) * 111_000).toBeLessThan(0.001);
      expect(Math.abs((gga?.longitude ?? Number.NaN) - longitude) * 111_000).toBeLessThan(0.001);
    }
  });

  it('never prints 60 minutes', () => {
    const sentence = buildGga({ latitude: 10.999_999_999_9, longitude: -20.999_999_999_9, altitude: 0, time: 0 });
    expect(sentence).toContain(',1100.0000000,N,02100.0000000,W,');
    expect(sentence).toContain('$GPGGA,000000.00,');
  });
});

describe('parseGgaBytes', () => {
  const sentence = withChecksum('GNGGA,001122.50,3203.94995,S,03446.42914,W,4,12,0.6,10.2,M,18.1,M,1.0,0042');
  const bytesOf = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

  it('parses a sentence where it lies in a larger read, as parseGga does', () => {
    const read = bytesOf(`junk\r\n${sentence}\r\n$GPGGA,12`);
    const start = read.indexOf(0x24);
    expect(parseGgaBytes(read, start, start + sentence.length)).toEqual(parseGga(sentence));
    expect(parseGgaBytes(read, start, start + sentence.length - 1)).toBeNull();
  });

  it('gives exactly what the regular-expression parser it replaced gave, on valid and broken sentences alike', () => {
    // The parser before decision 0080, kept here as the reference: split, regular expressions and Number().
    let compared = 0;
    let valid = 0;
    for (const text of editedSentences(sentence)) {
      expect(parseGga(text), text).toEqual(referenceParseGga(text));
      if (referenceParseGga(text)) valid++;
      compared++;
    }
    expect(compared).toBe(9_000);
    expect(valid).toBeGreaterThan(1_000);
  });
});

describe('readGgaFix', () => {
  it('reads the fix-health fields of every sentence parseGga reads, as parseGga reads them, and refuses what it refuses but for a bad position or height', () => {
    const into: GgaFix = { quality: -1, time: null, satellites: null, hdop: null, ageOfDifferential: null };
    let accepted = 0;
    let positionOnly = 0;
    for (const text of editedSentences(
      withChecksum('GNGGA,001122.50,3203.94995,S,03446.42914,W,4,12,0.6,10.2,M,18.1,M,1.0,0042'),
    )) {
      const bytes = Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);
      const gga = text.split('').some((c) => c.charCodeAt(0) > 0xff) ? null : parseGga(text);
      const isRead = readGgaFix(bytes, 0, bytes.length, into);
      if (gga) {
        expect(isRead, text).toBe(true);
        const { quality, time, satellites, hdop, ageOfDifferential } = gga;
        expect(into, text).toEqual({ quality, time, satellites, hdop, ageOfDifferential });
        accepted++;
      } else if (isRead) positionOnly++;
    }
    expect(accepted).toBeGreaterThan(1_000);
    // Sentences it reads that parseGga refuses, for fields it does not read (coordinates, heights).
    expect(positionOnly).toBeGreaterThan(0);
    expect(
      readGgaFix(
        Uint8Array.from('$GPGGB,1*00', (c) => c.charCodeAt(0)),
        0,
        11,
        into,
      ),
    ).toBe(false);
  });
});

/** 9,000 sentences: nine seeds, each edited 1,000 times (a character changed, added or removed, up to three times). */
function* editedSentences(sentence: string): Generator<string> {
  let seed = 33;
  const random = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % n;
  };
  const alphabet = '0123456789012345678901234567890123456789,.*-+NSEWMAGPaf $\r\t\u00e9';
  const seeds = [
    sentence,
    withChecksum('GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,'),
    withChecksum('GPGGA,235947.00,,,,,0,00,99.99,,,,,,'),
    withChecksum('GPGGA,120000,807.5,N,131.5,E,5,05,1,-1.25,M,+.5,M,12.,ABCD,extra,fields'),
    withChecksum('GPGGA,000000.000001,8959.99999999999999999,N,17959.123456789012345678901,E,2,99,.5,0,M,-0,M,0,'),
    '$GPGGA,120000,5200.000,N,00500.000,E,1,10,1.0,0.0,M,0.0,M,,',
    withChecksum('GPGGA,235960.99,9000.000,S,18000.0,W,0004,40,9.9,9999.999,M,-99.9,M,99,0'),
    withChecksum('GPGGA,000061,8959.9,N,1.00,E,1,1,1,1,M,1,M,1,1'),
    // More digits than a double holds exactly: Number() rounds once, digit by digit arithmetic would twice.
    withChecksum('GPGGA,120000,5207.9814549739187929,N,00400.5,E,1,8,1,115.174331743312114681,M,1,M,,'),
  ];
  for (const base of seeds) {
    for (let round = 0; round < 1_000; round++) {
      let text = base;
      for (let edits = 1 + random(3); edits > 0; edits--) {
        const at = random(text.length + 1);
        const char = alphabet[random(alphabet.length)] as string;
        const kind = random(3);
        text =
          kind === 0
            ? text.slice(0, at) + char + text.slice(at + 1)
            : kind === 1
              ? text.slice(0, at) + char + text.slice(at)
              : text.slice(0, at) + text.slice(at + 1);
      }
      // Mostly with a checksum that fits the edited body, so the fields themselves are what is tested.
      const star = text.indexOf('*');
      if (round % 4 !== 0 && text.startsWith('$') && star !== -1)
        text = `$${withChecksum(text.slice(1, star)).slice(1)}`;
      yield text;
    }
  }
}

function referenceParseGga(sentence: string): Gga | null {
  const body = referenceBody(sentence.trim());
  if (body === null) return null;
  const fields = body.split(',');
  const address = fields[0] ?? '';
  if (!/^[A-Z]{2}GGA$/.test(address) || fields.length < 7) return null;
  const field = (index: number): string => fields[index] ?? '';
  const quality = /^\d+$/.test(field(6)) ? Number(field(6)) : null;
  const time = referenceTime(field(1));
  const latitude = referenceCoordinate(field(2), field(3), 90, 'N', 'S');
  const longitude = referenceCoordinate(field(4), field(5), 180, 'E', 'W');
  if (quality === null || time === undefined || latitude === undefined || longitude === undefined) return null;
  if ((latitude === null) !== (longitude === null)) return null;
  const numbers = [7, 8, 9, 11, 13].map((index) => {
    const text = field(index);
    if (text === '') return null;
    return /^[+-]?(?:\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : undefined;
  });
  if (numbers.some((value) => value === undefined)) return null;
  const [satellites, hdop, altitude, geoidSeparation, ageOfDifferential] = numbers as Array<number | null>;
  return {
    talker: address.slice(0, 2),
    time,
    latitude,
    longitude,
    quality,
    satellites: satellites ?? null,
    hdop: hdop ?? null,
    altitude: altitude ?? null,
    geoidSeparation: geoidSeparation ?? null,
    ageOfDifferential: ageOfDifferential ?? null,
    differentialStationId: field(14) === '' ? null : field(14),
  };
}

function referenceBody(sentence: string): string | null {
  if (!sentence.startsWith('$')) return null;
  const star = sentence.indexOf('*');
  if (star === -1) return sentence.slice(1);
  const body = sentence.slice(1, star);
  return sentence.slice(star + 1).toUpperCase() === nmeaChecksum(body) ? body : null;
}

function referenceTime(text: string): number | null | undefined {
  if (text === '') return null;
  const match = /^(\d{2})(\d{2})(\d{2}(?:\.\d+)?)$/.exec(text);
  if (!match) return undefined;
  const [hours, minutes, seconds] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (hours > 23 || minutes > 59 || seconds >= 61) return undefined;
  return hours * 3600 + minutes * 60 + seconds;
}

function referenceCoordinate(
  text: string,
  hemisphere: string,
  maxDegrees: number,
  positive: string,
  negative: string,
): number | null | undefined {
  if (text === '' && hemisphere === '') return null;
  if (hemisphere !== positive && hemisphere !== negative) return undefined;
  const match = /^(\d{0,3})(\d{2}(?:\.\d*)?)$/.exec(text);
  if (!match) return undefined;
  const degrees = Number(match[1] || '0');
  const minutes = Number(match[2]);
  const value = degrees + minutes / 60;
  if (minutes >= 60 || value > maxDegrees) return undefined;
  return hemisphere === negative ? -value : value;
}
