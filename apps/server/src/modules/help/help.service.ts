import type { HelpConnection } from '@fixpoint/shared';
import type { AccountsRepository } from '../accounts/accounts.repository';
import { type CasterAddress, connectionDetails } from '../accounts/connection-details';

/**
 * The help centre's connection guides (docs/decisions/0074): the caster's public address and sourcetable for
 * everyone, and for a signed-in person their own NTRIP accounts with the mountpoints each can use now (the same
 * details the credential CSVs carry, connection-details.ts). Never a password.
 */
export function createHelpService({
  accountsRepository,
  casterAddress,
}: {
  accountsRepository: Pick<AccountsRepository, 'listByOwner' | 'details' | 'stationsOf'>;
  casterAddress: (requestHost?: string) => CasterAddress;
}) {
  return {
    async connection(userId: string | null, requestHost: string): Promise<HelpConnection> {
      const caster = casterAddress(requestHost);
      const address = {
        host: caster.host,
        port: caster.port,
        tlsPort: caster.tlsPort,
        sourcetableUrl: `http://${caster.host}:${caster.port}/`,
      };
      if (!userId) return { ...address, accounts: null };
      const rows = await accountsRepository.listByOwner({ userId }, { withLent: true });
      const usable = rows.filter((row) => !row.isDisabled);
      const details = await connectionDetails(
        accountsRepository,
        caster,
        usable.map((row) => row.id),
      );
      return {
        ...address,
        accounts: usable.map((row) => ({
          id: row.id,
          name: row.name,
          username: row.username,
          mountpoints: details.get(row.id)?.mountpoints ?? [],
        })),
      };
    },
  };
}

export type HelpService = ReturnType<typeof createHelpService>;
