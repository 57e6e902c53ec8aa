import { describe, expect, it } from 'vitest';
import { casterAddressFrom, credentialsCsv } from './connection-details';

describe("the caster's address a rover is given", () => {
  it('comes from CASTER_PUBLIC_HOST, else PUBLIC_URL, else the request, else localhost', () => {
    expect(casterAddressFrom({ CASTER_PORT: 2101 })()).toEqual({ host: 'localhost', port: 2101, tlsPort: null });
    expect(casterAddressFrom({ CASTER_PORT: 2101 })('portal.local:8080')).toMatchObject({ host: 'portal.local' });
    expect(casterAddressFrom({ CASTER_PORT: 2101 })('[::1]:8080')).toMatchObject({ host: '[::1]' });
    const behindProxy = casterAddressFrom({ PUBLIC_URL: 'https://portal.example.com/app', CASTER_PORT: 2101 });
    expect(behindProxy('10.0.0.5')).toMatchObject({ host: 'portal.example.com' });
    const own = casterAddressFrom({
      PUBLIC_URL: 'https://portal.example.com',
      CASTER_PUBLIC_HOST: 'caster.example.com',
      CASTER_PORT: 2101,
      CASTER_PUBLIC_PORT: 443,
      CASTER_TLS_PORT: 2102,
    });
    expect(own('10.0.0.5')).toEqual({ host: 'caster.example.com', port: 443, tlsPort: 2102 });
  });

  it('fills a credentials CSV row with host, port, TLS port and the AUTO mounts', () => {
    const caster = { host: 'caster.example.com', port: 2101, tlsPort: 2102 };
    const details = new Map([
      [
        'a',
        {
          ...caster,
          mountpoints: [
            { mountpoint: 'NL_AUTO', networkName: 'NL', isAuto: true },
            { mountpoint: 'NL_ST1', networkName: 'NL', isAuto: false },
            { mountpoint: 'BE_AUTO', networkName: 'BE', isAuto: true },
          ],
        },
      ],
    ]);
    const csv = credentialsCsv([{ id: 'a', name: 'Rover 1', username: 'fx-a', password: 'secret' }], details, caster);
    expect(csv.split('\r\n')).toEqual([
      '"name","username","password","host","port","tls_port","mountpoint"',
      '"Rover 1","fx-a","secret","caster.example.com","2101","2102","NL_AUTO BE_AUTO"',
      '',
    ]);
  });
});
