import { describe, expect, it } from 'vitest';
import { buildGga, hasGgaPosition, nmeaChecksum, parseGga } from './nmea';

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
