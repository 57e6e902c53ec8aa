import { type Owner, ownerValues, type SecretBox, type schema, type Transaction } from '@fixpoint/db';
import { AppError, type CasterSession, type ConnectionSettings, type NtripAccount } from '@fixpoint/shared';
import { type AccountEventHook, reportAccounts } from './account-events';
import type { AccountsRepository, DescribedAccount } from './accounts.repository';
import { type CasterAddress, connectionDetails, credentialsCsv } from './connection-details';
import { generateNtripPassword, generateNtripUsername } from './credentials';
import { diagnose, networkStatuses } from './status';

export type { CasterAddress } from './connection-details';

type AccountRow = typeof schema.ntripAccounts.$inferSelect;

const notFound = () => new AppError('ACCOUNT_NOT_FOUND', 404, 'No such NTRIP account.');

export function createAccountsService({
  accountsRepository: repo,
  secretBox,
  usernamePrefix,
  limits = async () => ({ defaultMaxConnections: 1, maxAccountsPerOwner: Number.POSITIVE_INFINITY }),
  onAccountsChanged = () => undefined,
  onAccountEvent,
  casterAddress = () => ({ host: 'localhost', port: 2101, tlsPort: null }),
}: {
  accountsRepository: AccountsRepository;
  secretBox: SecretBox;
  usernamePrefix: string;
  /** Admin → settings → account management: a new account's connection limit, and how many an owner may have. */
  limits?: () => Promise<{ defaultMaxConnections: number; maxAccountsPerOwner: number }>;
  /** Tells the caster(s) at once (in-process, or through NATS): a disabled, deleted or re-keyed account's sessions end. */
  onAccountsChanged?: (accountIds: string[]) => void;
  /** Told of each account created, changed or deleted, inside its transaction (webhooks; account-events.ts). */
  onAccountEvent?: AccountEventHook;
  /** The caster's public address (connection-details.ts), from the host a request came to when there is one. */
  casterAddress?: (requestHost?: string) => CasterAddress;
}) {
  /** Credentials with the caster's address and each account's mountpoints, as a CSV to set a fleet up from. */
  async function csvOf(rows: { id: string; name: string; username: string; password: string }[], requestHost?: string) {
    const caster = casterAddress(requestHost);
    const details = await connectionDetails(
      repo,
      caster,
      rows.map((row) => row.id),
    );
    return credentialsCsv(rows, details, caster);
  }

  async function uniqueUsernames(count: number) {
    const names = new Set<string>();
    while (names.size < count) {
      const candidate = generateNtripUsername(usernamePrefix);
      if (!names.has(candidate) && !(await repo.usernameExists(candidate))) names.add(candidate);
    }
    return [...names];
  }

  /** The owner's account; `withLent` also finds an organisation's account lent to the user (read-only use). */
  async function owned(owner: Owner, id: string, options: { withLent?: boolean } = {}) {
    const account = await repo.findOwned(owner, id, options);
    if (!account) throw notFound();
    return account;
  }

  /** Accounts as the API shows them; `described` are their details when the caller read them already. */
  async function describe(
    rows: Awaited<ReturnType<AccountsRepository['listByOwner']>>,
    described?: DescribedAccount[],
    now = new Date(),
  ) {
    const details = described ?? (await repo.details(rows.map((row) => row.id)));
    const detailsOf = new Map(details.map((detail) => [detail.account.id, detail]));
    return rows.map((row): NtripAccount => {
      const detail = detailsOf.get(row.id);
      const networks = networkStatuses(detail?.windows ?? [], now);
      const latestSession = detail?.session ?? undefined;
      const latestFailure = detail?.failure ?? undefined;
      return {
        id: row.id,
        name: row.name,
        username: row.username,
        maxConnections: row.maxConnections,
        isDisabled: row.isDisabled,
        createdAt: row.createdAt.toISOString(),
        lastConnectedAt: latestSession?.startedAt.toISOString() ?? null,
        networks,
        diagnosis: diagnose({ isDisabled: row.isDisabled, networks, latestSession, latestFailure }),
        organization: row.ownerOrgId ? { id: row.ownerOrgId, name: detail?.orgName ?? '' } : null,
        lending:
          row.lentToUserId && row.lentUntil
            ? {
                userId: row.lentToUserId,
                name: detail?.lentToName ?? '',
                email: detail?.lentToEmail ?? '',
                until: row.lentUntil.toISOString(),
              }
            : null,
      };
    });
  }

  async function createMany(owner: Owner, names: string[]) {
    const { defaultMaxConnections, maxAccountsPerOwner } = await limits();
    const existing = await repo.countByOwner(owner);
    if (existing + names.length > maxAccountsPerOwner) {
      throw new AppError(
        'ACCOUNT_LIMIT',
        409,
        `You can have at most ${maxAccountsPerOwner} NTRIP accounts (you have ${existing}). Delete unused ones first.`,
      );
    }
    const usernames = await uniqueUsernames(names.length);
    const passwords = names.map(() => generateNtripPassword());
    const rows = await repo.insertMany(
      names.map((name, i) => ({
        name,
        username: usernames[i] as string,
        passwordEnc: secretBox.encrypt(passwords[i] as string),
        ...ownerValues(owner),
        maxConnections: defaultMaxConnections,
      })),
      (tx, inserted) => reportAccounts(onAccountEvent, tx, 'account.created', inserted),
    );
    return rows.map((row, i) => ({ row, password: passwords[i] as string }));
  }

  /** Reports changed rows as account.updated, inside the change's transaction. */
  const updated = (tx: Transaction, rows: AccountRow[]) => reportAccounts(onAccountEvent, tx, 'account.updated', rows);

  return {
    list: async (owner: Owner) => {
      const described = await repo.listDescribed(owner);
      return describe(
        described.map((row) => row.account),
        described,
      );
    },

    get: async (owner: Owner, id: string) =>
      (await describe([await owned(owner, id, { withLent: true })]))[0] as NtripAccount,

    async create(owner: Owner, name: string) {
      const [created] = await createMany(owner, [name]);
      return (await describe([(created as { row: Awaited<ReturnType<typeof owned>> }).row]))[0] as NtripAccount;
    },

    /** A fleet at once: `${prefix} 1` … `${prefix} N`, credentials returned as CSV for the owner to hand out. */
    async bulkCreate(owner: Owner, count: number, prefix: string, requestHost?: string) {
      const width = String(count).length;
      const created = await createMany(
        owner,
        Array.from({ length: count }, (_, i) => `${prefix} ${String(i + 1).padStart(width, '0')}`),
      );
      return csvOf(
        created.map(({ row, password }) => ({ id: row.id, name: row.name, username: row.username, password })),
        requestHost,
      );
    },

    async update(owner: Owner, id: string, changes: { name?: string; maxConnections?: number; isDisabled?: boolean }) {
      await owned(owner, id);
      const row = await repo.update(
        id,
        {
          ...changes,
          ...(changes.isDisabled !== undefined
            ? { disabledReason: changes.isDisabled ? 'Revoked by the owner' : null }
            : {}),
        },
        updated,
      );
      onAccountsChanged([id]);
      return (await describe([row as NonNullable<typeof row>]))[0] as NtripAccount;
    },

    async remove(owner: Owner, id: string) {
      await owned(owner, id);
      // Sessions of a deleted account end: the caster no longer finds it (and its session rows go with it).
      await repo.delete(id, (tx, deleted) => reportAccounts(onAccountEvent, tx, 'account.deleted', deleted));
      onAccountsChanged([id]);
    },

    /** New passwords for the selection; the caster ends their live sessions (passwordChangedAt moves). */
    async rotate(owner: Owner, ids: string[], requestHost?: string) {
      const accounts = await repo.findOwnedMany(owner, ids);
      if (accounts.length !== new Set(ids).size) throw notFound();
      const rows: { id: string; name: string; username: string; password: string }[] = [];
      for (const account of accounts) {
        const password = generateNtripPassword();
        await repo.update(account.id, { passwordEnc: secretBox.encrypt(password), passwordChangedAt: new Date() });
        rows.push({ id: account.id, name: account.name, username: account.username, password });
      }
      onAccountsChanged(accounts.map((account) => account.id));
      return csvOf(rows, requestHost);
    },

    async revoke(owner: Owner, ids: string[]) {
      const accounts = await repo.findOwnedMany(owner, ids);
      if (accounts.length !== new Set(ids).size) throw notFound();
      for (const account of accounts)
        await repo.update(account.id, { isDisabled: true, disabledReason: 'Revoked by the owner' }, updated);
      onAccountsChanged(accounts.map((account) => account.id));
      return describe(await repo.findOwnedMany(owner, ids));
    },

    async exportCsv(owner: Owner, ids?: string[], requestHost?: string) {
      const accounts = ids ? await repo.findOwnedMany(owner, ids) : await repo.listByOwner(owner);
      return csvOf(
        accounts.map((account) => ({
          id: account.id,
          name: account.name,
          username: account.username,
          password: secretBox.decrypt(account.passwordEnc),
        })),
        requestHost,
      );
    },

    /** The caster's address and mountpoints of the owner's accounts (all, or `ids`), e.g. for connection guides. */
    async connectionDetails(owner: Owner, options: { ids?: string[]; requestHost?: string } = {}) {
      const accounts = options.ids ? await repo.findOwnedMany(owner, options.ids) : await repo.listByOwner(owner);
      const details = await connectionDetails(
        repo,
        casterAddress(options.requestHost),
        accounts.map((account) => account.id),
      );
      return accounts.map((account) => ({
        accountId: account.id,
        name: account.name,
        username: account.username,
        ...(details.get(account.id) as NonNullable<ReturnType<typeof details.get>>),
      }));
    },

    async connectionSettings(owner: Owner, id: string, requestHost?: string): Promise<ConnectionSettings> {
      const account = await owned(owner, id, { withLent: true });
      const caster = casterAddress(requestHost);
      const details = await connectionDetails(repo, caster, [account.id]);
      const mountpoints = details.get(account.id)?.mountpoints ?? [];
      const password = secretBox.decrypt(account.passwordEnc);
      const first = mountpoints[0]?.mountpoint ?? 'MOUNTPOINT';
      return {
        host: caster.host,
        port: caster.port,
        tlsPort: caster.tlsPort,
        username: account.username,
        password,
        mountpoints,
        ntripVersion: 2,
        rtklibUrl: `ntrip://${encodeURIComponent(account.username)}:${encodeURIComponent(password)}@${caster.host}:${caster.port}/${first}`,
      };
    },

    async sessions(owner: Owner, id: string, limit = 50): Promise<CasterSession[]> {
      await owned(owner, id, { withLent: true });
      const now = Date.now();
      return (await repo.sessions(id, limit)).map((s) => ({
        id: s.id,
        mountpoint: s.mountpoint,
        startedAt: s.startedAt.toISOString(),
        endedAt: s.endedAt?.toISOString() ?? null,
        durationSeconds: Math.round(((s.endedAt?.getTime() ?? now) - s.startedAt.getTime()) / 1000),
        bytesSent: s.bytesSent,
        ggaCount: s.ggaCount,
        lastLatitude: s.lastLatitude,
        lastLongitude: s.lastLongitude,
        distanceToBaseM: s.distanceToBaseM,
        clientAddress: s.clientAddress,
        userAgent: s.userAgent,
        closeReason: s.closeReason,
      }));
    },

    /** Admin: every account, searchable, with the owner's e-mail. */
    async listAll(search?: string) {
      const rows = await repo.listAll(search);
      const described = await describe(rows.map((r) => r.account));
      return described.map((account, i) => ({ ...account, ownerEmail: rows[i]?.ownerEmail ?? null }));
    },

    async adminSetDisabled(id: string, isDisabled: boolean, reason?: string) {
      const account = await repo.findById(id);
      if (!account) throw notFound();
      const row = await repo.update(
        id,
        {
          isDisabled,
          disabledReason: isDisabled ? reason || 'Disabled by an administrator' : null,
        },
        updated,
      );
      onAccountsChanged([id]);
      return (await describe([row as NonNullable<typeof row>]))[0] as NtripAccount;
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
