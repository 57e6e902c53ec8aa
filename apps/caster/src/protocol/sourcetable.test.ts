import { describe, expect, it } from 'vitest';
import {
  type CasRecord,
  formatRecord,
  type NetRecord,
  parseStrRecord,
  recordFields,
  renderSourcetable,
  type StrRecord,
  sanitizeField,
} from './sourcetable';

const berlin: StrRecord = {
  type: 'STR',
  mountpoint: 'BERLIN1',
  identifier: 'Berlin',
  format: 'RTCM 3.3',
  formatDetails: '1005(10),1077(1),1087(1)',
  carrier: 2,
  navSystem: 'GPS+GLO',
  network: 'Fixpoint',
  country: 'DEU',
  latitude: 52.5163,
  longitude: 13.3777,
  nmea: 0,
  solution: 0,
  generator: 'Trimble Alloy',
  comprEncryp: 'none',
  authentication: 'B',
  fee: 'N',
  bitrate: 9600,
  misc: '',
};

const BERLIN_LINE =
  'STR;BERLIN1;Berlin;RTCM 3.3;1005(10),1077(1),1087(1);2;GPS+GLO;Fixpoint;DEU;52.52;13.38;0;0;Trimble Alloy;none;B;N;9600;';

const caster: CasRecord = {
  type: 'CAS',
  host: 'caster.fixpoint.example',
  port: 2101,
  identifier: 'Fixpoint',
  operator: 'Fixpoint GmbH',
  nmea: 1,
  country: 'DEU',
  latitude: 50.11,
  longitude: 8.68,
  fallbackHost: '0.0.0.0',
  fallbackPort: 0,
  misc: 'https://fixpoint.example',
};

const network: NetRecord = {
  type: 'NET',
  identifier: 'Fixpoint',
  operator: 'Fixpoint GmbH',
  authentication: 'B',
  fee: 'Y',
  webNet: 'https://fixpoint.example',
  webStr: 'https://fixpoint.example/streams',
  webReg: 'https://fixpoint.example/register',
  misc: 'none',
};

describe('formatRecord', () => {
  it('writes the 19 STR fields in order, coordinates with two decimals', () => {
    expect(formatRecord(berlin)).toBe(BERLIN_LINE);
    expect(recordFields(berlin)).toHaveLength(19);
  });

  it('writes the CAS fields in order', () => {
    expect(formatRecord(caster)).toBe(
      'CAS;caster.fixpoint.example;2101;Fixpoint;Fixpoint GmbH;1;DEU;50.11;8.68;0.0.0.0;0;https://fixpoint.example',
    );
    expect(recordFields(caster)).toHaveLength(12);
  });

  it('writes the NET fields in order', () => {
    expect(formatRecord(network)).toBe(
      'NET;Fixpoint;Fixpoint GmbH;B;Y;https://fixpoint.example;https://fixpoint.example/streams;https://fixpoint.example/register;none',
    );
    expect(recordFields(network)).toHaveLength(9);
  });

  it('rounds coordinates to two decimals without a negative zero', () => {
    const at = (latitude: number, longitude: number) => recordFields({ ...berlin, latitude, longitude }).slice(9, 11);
    expect(at(-33.8688, 151.2093)).toEqual(['-33.87', '151.21']);
    expect(at(-0.001, 0)).toEqual(['0.00', '0.00']);
    expect(at(Number.NaN, Number.POSITIVE_INFINITY)).toEqual(['0.00', '0.00']);
    expect(at(5, -5.5)).toEqual(['5.00', '-5.50']);
  });

  it('writes integer fields as integers', () => {
    const fields = recordFields({ ...berlin, bitrate: 9600.7, carrier: Number.NaN });
    expect([fields[5], fields[17]]).toEqual(['0', '9600']);
  });

  it('keeps ";" and line breaks out of fields', () => {
    const line = formatRecord({ ...berlin, identifier: 'Berlin; Mitte', misc: 'a\r\nb\tc;d' });
    expect(line.split(';')).toHaveLength(19);
    expect(line).toContain(';Berlin, Mitte;');
    expect(line.endsWith(';a  b c,d')).toBe(true);
    expect(line).not.toMatch(/[\r\n]/);
  });
});

describe('sanitizeField', () => {
  it('replaces ";" with "," and control characters with spaces', () => {
    expect(sanitizeField('a;b\rc\nd\x00e\x7f')).toBe('a,b c d e ');
    expect(sanitizeField('Zürich')).toBe('Zürich');
  });
});

describe('renderSourcetable', () => {
  it('ends every line with CRLF and the table with ENDSOURCETABLE', () => {
    expect(renderSourcetable([caster, network, berlin])).toBe(
      `${formatRecord(caster)}\r\n${formatRecord(network)}\r\n${BERLIN_LINE}\r\nENDSOURCETABLE\r\n`,
    );
  });

  it('renders an empty table as ENDSOURCETABLE alone', () => {
    expect(renderSourcetable([])).toBe('ENDSOURCETABLE\r\n');
  });
});

describe('parseStrRecord', () => {
  it('reads a line it wrote, with or without CRLF', () => {
    const expected = { ...berlin, latitude: 52.52, longitude: 13.38 };
    expect(parseStrRecord(BERLIN_LINE)).toEqual(expected);
    expect(parseStrRecord(`${BERLIN_LINE}\r\n`)).toEqual(expected);
  });

  it('reads a record without the leading "STR;", as sources send in their head', () => {
    expect(parseStrRecord(BERLIN_LINE.slice(4))).toMatchObject({ type: 'STR', mountpoint: 'BERLIN1' });
  });

  it('reads a real-world line with a missing misc field and sloppy case', () => {
    const line = 'str;BRUS0;Brussels;RTCM 2.0;1(1),3(60),16;0;GPS;Misc;BEL;50.80;4.36;0;0;Ashtech UZ-12;none;b;n;500';
    expect(parseStrRecord(line)).toEqual({
      type: 'STR',
      mountpoint: 'BRUS0',
      identifier: 'Brussels',
      format: 'RTCM 2.0',
      formatDetails: '1(1),3(60),16',
      carrier: 0,
      navSystem: 'GPS',
      network: 'Misc',
      country: 'BEL',
      latitude: 50.8,
      longitude: 4.36,
      nmea: 0,
      solution: 0,
      generator: 'Ashtech UZ-12',
      comprEncryp: 'none',
      authentication: 'B',
      fee: 'N',
      bitrate: 500,
      misc: '',
    });
  });

  it('keeps a misc field that contains ";" whole', () => {
    expect(parseStrRecord(`${BERLIN_LINE}a;b;c`)?.misc).toBe('a;b;c');
  });

  it('reads empty numeric fields as 0', () => {
    const line = 'STR;MP;;RTCM 3;;;;;;1.5;-2.25;;;;;N;N;;';
    expect(parseStrRecord(line)).toMatchObject({
      carrier: 0,
      nmea: 0,
      solution: 0,
      bitrate: 0,
      latitude: 1.5,
      longitude: -2.25,
    });
  });

  it.each([
    ['a CAS line', formatRecord(caster)],
    ['a NET line padded to STR length', `${formatRecord(network)};;;;;;;;;;`],
    ['too few fields', 'STR;MP;Berlin;RTCM 3.3'],
    ['an empty mountpoint', BERLIN_LINE.replace('BERLIN1', '')],
    ['a non-numeric latitude', BERLIN_LINE.replace('52.52', 'north')],
    ['an empty longitude', BERLIN_LINE.replace('13.38', '')],
    ['a non-integer bitrate', BERLIN_LINE.replace('9600', '9.6k')],
    ['a negative carrier', BERLIN_LINE.replace(';2;GPS', ';-2;GPS')],
    ['an unknown authentication', BERLIN_LINE.replace(';B;N;', ';X;N;')],
    ['an unknown fee', BERLIN_LINE.replace(';B;N;', ';B;maybe;')],
    ['an empty line', ''],
  ])('returns undefined for %s', (_name, line) => {
    expect(parseStrRecord(line)).toBeUndefined();
  });
});
