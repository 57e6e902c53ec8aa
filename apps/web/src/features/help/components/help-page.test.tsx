import type { HelpConnection } from '@fixpoint/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubUser, stubVisitor } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';

const address = {
  host: 'caster.fixpoint.test',
  port: 2101,
  tlsPort: 2102,
  sourcetableUrl: 'http://caster.fixpoint.test:2101/',
};

const answer = (connection: HelpConnection) => (url: URL) =>
  url.pathname === '/api/help/connection' ? { body: connection } : undefined;

describe('the help centre (decision 0074)', () => {
  it("shows a visitor the caster's address and sourcetable, guides with placeholders, and every session end", async () => {
    stubVisitor(answer({ ...address, accounts: null }));
    renderApp('/help');
    expect(await screen.findByRole('heading', { level: 1, name: 'Help' })).toBeInTheDocument();
    expect(await screen.findByTestId('help-Caster host')).toHaveTextContent('caster.fixpoint.test');
    expect(screen.getByTestId('help-Port')).toHaveTextContent('2101');
    expect(screen.getByTestId('help-TLS port')).toHaveTextContent('2102');
    expect(screen.getByTestId('help-Sourcetable')).toHaveTextContent('http://caster.fixpoint.test:2101/');
    expect(
      screen.getByText('curl -H "Ntrip-Version: Ntrip/2.0" http://caster.fixpoint.test:2101/'),
    ).toBeInTheDocument();
    expect(screen.getByText(/to see your own NTRIP accounts and mountpoints here/)).toBeInTheDocument();
    for (const name of [
      'RTKLIB (str2str, RTKNAVI)',
      'Emlid Flow (Reach)',
      'u-center (u-blox)',
      'SW Maps',
      'Any NTRIP client',
    ]) {
      expect(screen.getByRole('heading', { level: 3, name })).toBeInTheDocument();
    }
    const rtklib = within(screen.getByRole('article', { name: 'RTKLIB (str2str, RTKNAVI)' }));
    expect(
      rtklib.getByText(
        'str2str -in ntrip://USERNAME:PASSWORD@caster.fixpoint.test:2101/MOUNTPOINT -out serial://ttyUSB0:115200:8:n:1:off -b 1',
      ),
    ).toBeInTheDocument();
    // Troubleshooting keyed by the codes the caster records, in words.
    const troubleshooting = within(screen.getByRole('region', { name: 'Why a connection ended' }));
    expect(troubleshooting.getByText('slow-client')).toBeInTheDocument();
    expect(troubleshooting.getByText(/Receiver too slow to keep up/)).toBeInTheDocument();
    expect(troubleshooting.getByText(/Raise its connection limit/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'API documentation' })).toHaveAttribute('href', '/api/docs');
    expect(document.title).toBe('Fixpoint | Help');
  });

  it("writes a signed-in person's own username and nearest-base mountpoint into every guide", async () => {
    stubUser(
      {},
      answer({
        ...address,
        tlsPort: null,
        accounts: [
          { id: 'a0', name: 'Spare', username: 'fx-spare01', mountpoints: [] },
          {
            id: 'a1',
            name: 'Tractor 1',
            username: 'fx-k3m9q2t',
            mountpoints: [
              { mountpoint: 'DEMO_AUTO', networkName: 'Demo', isAuto: true },
              { mountpoint: 'DEMO_AMS', networkName: 'Demo', isAuto: false },
            ],
          },
        ],
      }),
    );
    renderApp('/help');
    const connection = within(await screen.findByRole('region', { name: 'Your connection' }));
    expect(connection.getByText('This caster speaks plain NTRIP (no TLS port).')).toBeInTheDocument();
    const rows = connection.getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual([
      'AccountUsernameMountpoints',
      'Sparefx-spare01No access yet: activate the account on a network.',
      'Tractor 1fx-k3m9q2tDEMO_AUTODEMO_AMS',
    ]);
    const emlid = within(screen.getByRole('article', { name: 'Emlid Flow (Reach)' }));
    expect(
      emlid.getByText(
        'Enter address caster.fixpoint.test, port 2101, username fx-k3m9q2t, the NTRIP password and mountpoint DEMO_AUTO.',
      ),
    ).toBeInTheDocument();
    const generic = within(screen.getByRole('article', { name: 'Any NTRIP client' }));
    expect(
      generic.getByText(/-u fx-k3m9q2t:PASSWORD http:\/\/caster.fixpoint.test:2101\/DEMO_AUTO/),
    ).toBeInTheDocument();
    expect(generic.queryByText(/NTRIP over TLS/)).not.toBeInTheDocument();
    expect(connection.getAllByRole('link', { name: 'Go to NTRIP accounts' })[0]).toHaveAttribute('href', '/accounts');
  });
});
