import { describe, expect, it } from 'vitest';
import type { CasRecord, NetRecord, SourcetableRecord, StrRecord } from './sourcetable';
import { criteriaFromQuery, filterSourcetable, hasCriteria } from './sourcetable-filter';

function stream(mountpoint: string, country: string, latitude: number, bitrate: number): StrRecord {
  return {
    type: 'STR',
    mountpoint,
    identifier: mountpoint.toLowerCase(),
    format: 'RTCM 3.3',
    formatDetails: '1005(10),1077(1)',
    carrier: 2,
    navSystem: 'GPS+GAL',
    network: 'Fixpoint',
    country,
    latitude,
    longitude: 10,
    nmea: 0,
    solution: 0,
    generator: '',
    comprEncryp: 'none',
    authentication: 'B',
    fee: 'N',
    bitrate,
    misc: '',
  };
}

const berlin = stream('BERLIN1', 'DEU', 52.52, 9600);
const munich = stream('MUNICH', 'DEU', 48.14, 4800);
const paris = stream('PARIS', 'FRA', 48.86, 2400);
const caster: CasRecord = {
  type: 'CAS',
  host: 'caster.example',
  port: 2101,
  identifier: 'Fixpoint',
  operator: 'Fixpoint GmbH',
  nmea: 1,
  country: 'DEU',
  latitude: 50.11,
  longitude: 8.68,
  fallbackHost: '',
  fallbackPort: 0,
  misc: '',
};
const network: NetRecord = {
  type: 'NET',
  identifier: 'Fixpoint',
  operator: 'Fixpoint GmbH',
  authentication: 'B',
  fee: 'N',
  webNet: '',
  webStr: '',
  webReg: '',
  misc: '',
};
const table: SourcetableRecord[] = [caster, network, berlin, munich, paris];

const names = (records: SourcetableRecord[]) =>
  records.map((record) => (record.type === 'STR' ? record.mountpoint : record.type));
const match = (criteria: string) => names(filterSourcetable(table, { match: criteria }));
const filter = (criteria: string) => names(filterSourcetable(table, { filter: criteria }));

describe('filterSourcetable with match', () => {
  it('compares the type and field positions, an empty pattern matching anything', () => {
    expect(match('STR;;;;;;;;DEU')).toEqual(['BERLIN1', 'MUNICH']);
    expect(match('STR')).toEqual(['BERLIN1', 'MUNICH', 'PARIS']);
    expect(match('')).toEqual(['CAS', 'NET', 'BERLIN1', 'MUNICH', 'PARIS']);
  });

  it('ignores case', () => {
    expect(match('str;;;;;;;;deu')).toEqual(['BERLIN1', 'MUNICH']);
    expect(match('STR;paris')).toEqual(['PARIS']);
  });

  it('applies positions to every record type when the type is left empty', () => {
    // Field 6 is the CAS country but the STR nav-system.
    expect(match(';;;;;;DEU')).toEqual(['CAS']);
    expect(match(';;;;;;GPS+GAL')).toEqual(['BERLIN1', 'MUNICH', 'PARIS']);
  });

  it('matches nothing for a pattern past the last field of a record', () => {
    expect(match(';;;;;;;;;;;;;;;;;;;;x')).toEqual([]);
    expect(match('NET;;;;;;;;;x')).toEqual([]);
  });

  it('compares exactly, not by prefix or number', () => {
    expect(match('STR;BERLIN')).toEqual([]);
    expect(match('STR;;;;;;;;;52.5')).toEqual([]);
    expect(match('STR;;;;;;;;;52.52')).toEqual(['BERLIN1']);
  });
});

describe('filterSourcetable with filter', () => {
  it('compares numbers with >, <, >=, <=, = and !=', () => {
    expect(filter('STR;;;;;;;;;>50')).toEqual(['BERLIN1']);
    expect(filter('STR;;;;;;;;;<48.5')).toEqual(['MUNICH']);
    expect(filter('STR;;;;;;;;;;;;;;;;;>=4800')).toEqual(['BERLIN1', 'MUNICH']);
    expect(filter('STR;;;;;;;;;;;;;;;;;<=4800')).toEqual(['MUNICH', 'PARIS']);
    expect(filter('STR;;;;;;;;;;;;;;;;;=2400')).toEqual(['PARIS']);
    expect(filter('STR;;;;;;;;;;;;;;;;;=2400.0')).toEqual(['PARIS']);
    expect(filter('STR;;;;;;;;;;;;;;;;;!=2400')).toEqual(['BERLIN1', 'MUNICH']);
    expect(filter(';;>2000')).toEqual(['CAS']);
  });

  it('accepts signs, decimals and a space after the operator', () => {
    expect(filter('STR;;;;;;;;;> 48.5')).toEqual(['BERLIN1', 'PARIS']);
    expect(filter('STR;;;;;;;;;>-1')).toEqual(['BERLIN1', 'MUNICH', 'PARIS']);
    expect(filter('STR;;;;;;;;;>.5')).toEqual(['BERLIN1', 'MUNICH', 'PARIS']);
  });

  it('fails a comparison on a field that is not a number', () => {
    expect(filter('STR;>5')).toEqual([]);
    expect(filter('CAS;;;;;;;;;<1')).toEqual([]);
  });

  it('matches * wildcards case-insensitively', () => {
    expect(filter('STR;BER*')).toEqual(['BERLIN1']);
    expect(filter('STR;*i*')).toEqual(['BERLIN1', 'MUNICH', 'PARIS']);
    expect(filter('STR;*ch')).toEqual(['MUNICH']);
    expect(filter('STR;m*n*h')).toEqual(['MUNICH']);
    expect(filter('STR;P*R*S*')).toEqual(['PARIS']);
    expect(filter('STR;;;;;;;;;;;;;*')).toEqual(['BERLIN1', 'MUNICH', 'PARIS']);
    expect(filter('*;;;;;;DEU')).toEqual(['CAS']);
  });

  it('treats text without operator or wildcard as case-insensitive equality', () => {
    expect(filter('STR;;;;;;;;fra')).toEqual(['PARIS']);
    expect(filter('STR;;;;;;;;=FRA')).toEqual([]);
  });

  it('stays fast on a pathological wildcard pattern', () => {
    const started = performance.now();
    const records = filterSourcetable([stream('a'.repeat(200), 'DEU', 0, 0)], { filter: `STR;${'*a'.repeat(2000)}b` });
    expect(records).toEqual([]);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('filterSourcetable with both criteria', () => {
  it('keeps records that pass both', () => {
    expect(names(filterSourcetable(table, { match: 'STR;;;;;;;;DEU', filter: 'STR;;;;;;;;;<50' }))).toEqual(['MUNICH']);
  });

  it('returns a copy of the whole table without criteria', () => {
    const all = filterSourcetable(table, {});
    expect(all).toEqual(table);
    expect(all).not.toBe(table);
  });
});

describe('criteriaFromQuery', () => {
  it('reads match= and filter= parameters, percent-decoded', () => {
    expect(criteriaFromQuery('match=STR;;;;;;;;DEU')).toEqual({ match: 'STR;;;;;;;;DEU' });
    expect(criteriaFromQuery('filter=STR;;;;;;;;;%3E50&match=STR')).toEqual({
      match: 'STR',
      filter: 'STR;;;;;;;;;>50',
    });
  });

  it('reads the NTRIP 2.0 simple form "?STR;..." as a filter', () => {
    expect(criteriaFromQuery('STR;;;;;;;;DEU')).toEqual({ filter: 'STR;;;;;;;;DEU' });
    expect(criteriaFromQuery('str;;;;;;;;;%3E50')).toEqual({ filter: 'str;;;;;;;;;>50' });
    expect(criteriaFromQuery('CAS;;;;;;DEU')).toEqual({ filter: 'CAS;;;;;;DEU' });
    expect(criteriaFromQuery('STR;%zz')).toEqual({});
  });

  it('has no criteria for an empty or unrelated query', () => {
    expect(criteriaFromQuery('')).toEqual({});
    expect(criteriaFromQuery('foo=1')).toEqual({});
    expect(hasCriteria(criteriaFromQuery('foo=1'))).toBe(false);
    expect(hasCriteria({ match: '' })).toBe(false);
    expect(hasCriteria({ filter: 'STR' })).toBe(true);
  });
});
