// The portal's data for the API benchmarks (api-latency, live-pages): the shape of a portal a few years in, written
// straight into a migrated database before the server starts. Bulk rows are generated in SQL (generate_series), so
// seeding takes seconds on PGlite too; the people who sign in are made through better-auth, as sign-up makes them.
import { createHash } from 'node:crypto';
import { type Database, type SecretBox, schema } from '@fixpoint/db';
import { sql } from 'drizzle-orm';
import type { Auth } from '../../apps/server/src/modules/auth/auth';

export interface SeedSize {
  /** Stations of the one large network (the admin feed's page); the other networks have 10-59. */
  bigNetworkStations: number;
  /** Portal users, each signed in (a web session) with 1-8 NTRIP accounts (4.5 on average). */
  users: number;
  /** Admins, each signed in. */
  admins: number;
  /** NTRIP accounts of the user who signs in through the sign-in route (member of two organisations). */
  userAccounts: number;
  /** Finished rover sessions, spread over every account and station. */
  pastSessions: number;
  /** Rovers connected now (half on the large network). */
  openSessions: number;
  loginFailures: number;
  /** Connect and disconnect events per station (the feed shows the newest 20). */
  eventsPerStation: number;
}

export const defaultSeedSize: SeedSize = {
  bigNetworkStations: 120,
  users: 3000,
  admins: 10,
  userAccounts: 12,
  pastSessions: 300_000,
  openSessions: 400,
  loginFailures: 30_000,
  eventsPerStation: 40,
};

export interface SeededPortal {
  /** Signs in through the server's sign-in route (proving the session cookies made from `sessionTokens` right). */
  user: { email: string; password: string };
  /** The web session tokens of the signed-in users and admins (better-auth signs them into the cookie). */
  sessionTokens: { users: string[]; admins: string[] };
  /** One API key per seeded user (scope `accounts:read`), in the users' order. */
  apiKeys: string[];
  /** The large network, for `GET /api/admin/feed/{id}`. */
  bigNetworkId: string;
  counts: Record<string, number>;
}

const messageTypes = JSON.stringify({
  1006: { count: 8640, ratePerMinute: 6 },
  1033: { count: 8640, ratePerMinute: 6 },
  1074: { count: 86400, ratePerMinute: 60 },
  1084: { count: 86400, ratePerMinute: 60 },
  1094: { count: 86400, ratePerMinute: 60 },
  1124: { count: 86400, ratePerMinute: 60 },
  1230: { count: 8640, ratePerMinute: 6 },
});

/** The web session token of seeded user or admin `i` (1-based), as the seed writes it. */
export const sessionToken = (kind: 'user' | 'admin', i: number) =>
  createHash('md5').update(`bench-${kind}-session-${i}`).digest('hex');

/**
 * The API key of seeded user `i` (1-based), as the seed stores it: `fpk_` and 43 base64url characters, like a real
 * key (the SQL below makes the same string, and keeps its SHA-256 as the server does).
 */
export const benchApiKey = (i: number) => `fpk_${createHash('sha256').update(`bench-key-${i}`).digest('base64url')}`;

/**
 * Seeds `db` (migrated, empty). `auth` is better-auth on the same database: the one user made through it gets a
 * real password hash, so the benchmark signs them in through the server's own sign-in route; everyone else is
 * signed in already (a row in `sessions`, as sign-in leaves it).
 */
export async function seedPortal(
  db: Database,
  auth: Auth,
  secretBox: SecretBox,
  size: SeedSize = defaultSeedSize,
): Promise<SeededPortal> {
  const user = { email: 'rover.owner@example.test', password: 'bench user password' };
  const { user: signedUp } = await auth.api.signUpEmail({ body: { ...user, name: 'Rover Owner' } });

  // 15 networks: 12 published and public (the marketplace), one unpublished, two private; BNET01 is the large one.
  await db.execute(sql`
    insert into networks (code, name, operator, description, kind, daily_price, visibility, is_published,
                          coverage_radius_km, country_code)
    select 'BNET' || lpad(i::text, 2, '0'), 'Bench network ' || lpad(i::text, 2, '0'), 'Bench operator ' || i,
           'A correction network of the benchmark, with hosted base stations across the region.', 'hosted',
           1 + i % 3, case when i > 13 then 'private' else 'public' end, i <> 13, 30,
           (array['NLD', 'DEU', 'BEL', 'FRA'])[1 + i % 4]
    from generate_series(1, 15) i`);
  await db.execute(sql`
    insert into stations (network_id, mountpoint, identifier, latitude, longitude, height, country_code,
                          format_details)
    select n.id, n.code || '_' || lpad(s::text, 3, '0'), 'Station ' || s, 50 + (s % 20) * 0.15,
           3 + (s / 20) * 0.2, 40 + s % 30, n.country_code, '1006(10),1074(1),1084(1),1094(1),1124(1),1230(10)'
    from networks n
    cross join lateral generate_series(
      1, case when n.code = 'BNET01' then ${size.bigNetworkStations} else 10 + (substr(n.code, 5)::int * 7) % 50 end
    ) s`);
  // Live state as a caster in another process writes it (its own instance name: this server's caster leaves it).
  await db.execute(sql`
    insert into station_states (station_id, is_connected, connected_since, last_data_at, bitrate, message_types,
                                decoded_latitude, decoded_longitude, decoded_height, source_address, source_agent,
                                caster_instance, updated_at)
    select id, (hashtext(id::text) % 10) <> 0, now() - interval '3 days', now(), 4000 + abs(hashtext(id::text)) % 2000,
           ${messageTypes}::jsonb, latitude + 0.00001, longitude, height,
           '203.0.113.' || (1 + abs(hashtext(id::text)) % 250), 'NTRIP Bench/1.0', 'bench-peer:2101', now()
    from stations`);
  await db.execute(sql`
    insert into station_events (station_id, kind, reason, at)
    select s.id, case when e % 2 = 0 then 'connected' else 'disconnected' end,
           case when e % 2 = 1 then 'source-lost' end, now() - e * interval '7 hours'
    from stations s cross join generate_series(0, ${size.eventsPerStation - 1}) e`);
  await db.execute(sql`
    insert into products (name, type, category, amount, currency, interval, network_id, is_archived)
    select p.name, 'Subscription', 'billable-subscription', p.amount, 'eur', p.period, n.id, p.archived
    from networks n
    cross join (values ('RTK Monthly', 2900, 'MONTHLY', false), ('RTK Yearly', 29000, 'YEARLY', false),
                       ('RTK Monthly (old)', 2500, 'MONTHLY', true)) as p(name, amount, period, archived)
    where n.visibility = 'public'`);

  // Everyone else: users and admins with a web session (refreshed today, as an active person's is: better-auth
  // extends a session once a day), the users with credits, a ledger, 1-8 NTRIP accounts and an API key.
  for (const [kind, count, role] of [
    ['user', size.users, 'user'],
    ['admin', size.admins, 'admin'],
  ] as const) {
    await db.execute(sql`
      insert into users (id, name, email, email_verified, role)
      select ${`bench-${kind}-`} || i, ${`Bench ${kind} `} || i, ${`bench-${kind}-`} || i || '@example.test', true,
             ${role}
      from generate_series(1, ${count}) i`);
    await db.execute(sql`
      insert into sessions (id, token, expires_at, user_id, user_agent)
      select ${`bench-${kind}-session-`} || i, md5(${`bench-${kind}-session-`} || i), now() + interval '30 days',
             ${`bench-${kind}-`} || i, 'Mozilla/5.0 (X11; Linux x86_64) Fixpoint bench'
      from generate_series(1, ${count}) i`);
  }
  await db.execute(sql`
    insert into api_keys (owner_user_id, name, prefix, key_hash, scopes, created_by)
    select 'bench-user-' || i, 'Bench integration', left(k.key, 12), encode(sha256(convert_to(k.key, 'UTF8')), 'hex'),
           '["accounts:read"]'::jsonb, 'bench-user-' || i
    from generate_series(1, ${size.users}) i
    cross join lateral (
      select 'fpk_' || translate(encode(sha256(convert_to('bench-key-' || i, 'UTF8')), 'base64'), '+/=', '-_') as key
    ) k`);
  await db.execute(sql`
    insert into credit_balances (owner_user_id, balance) select id, 100 from users where role = 'user'`);
  await db.execute(sql`
    insert into credit_ledger (owner_user_id, amount, balance_after, kind, reason, created_at)
    select u.id, 20, 20 * k, 'grant', 'bench', now() - k * interval '9 days'
    from users u cross join generate_series(1, 5) k where u.role = 'user'`);
  await db.execute(sql`
    insert into organizations (name, created_by)
    select 'Bench organisation ' || i, 'bench-user-' || i from generate_series(1, 60) i`);
  await db.execute(sql`
    insert into organization_members (org_id, user_id, role)
    select o.id, o.created_by, 'owner' from organizations o`);
  await db.execute(sql`
    insert into organization_members (org_id, user_id, role)
    select o.id, ${signedUp.id}, case when o.name = 'Bench organisation 1' then 'admin' else 'member' end
    from organizations o where o.name in ('Bench organisation 1', 'Bench organisation 2')`);

  const passwordEnc = secretBox.encrypt('bench rover password');
  await db.execute(sql`
    insert into ntrip_accounts (username, password_enc, name, owner_user_id, max_connections, created_at)
    select 'FXBENCH' || lpad(k::text, 3, '0'), ${passwordEnc}, 'Tractor ' || k, ${signedUp.id}, 2,
           now() - (100 - k) * interval '1 day'
    from generate_series(1, ${size.userAccounts}) k`);
  await db.execute(sql`
    insert into ntrip_accounts (username, password_enc, name, owner_user_id, max_connections)
    select 'FXU' || u || 'R' || k, ${passwordEnc}, 'Rover ' || k, 'bench-user-' || u, 2
    from generate_series(1, ${size.users}) u cross join lateral generate_series(1, 1 + u % 8) k`);
  await db.execute(sql`
    insert into ntrip_accounts (username, password_enc, name, owner_org_id, max_connections)
    select 'FXORG' || row_number() over () || 'R' || k, ${passwordEnc}, 'Fleet rover ' || k, o.id, 2
    from organizations o cross join generate_series(1, 5) k`);
  // Three windows per account over the published networks: one ended, one current, one that started today.
  await db.execute(sql`
    with nets as (select array_agg(id order by code) as ids from networks where is_published and visibility = 'public')
    insert into access_windows (account_id, network_id, starts_at, ends_at, source)
    select a.id, nets.ids[1 + abs(hashtext(a.id::text || w)) % array_length(nets.ids, 1)],
           now() - (30 - 15 * w) * interval '1 day', now() - (10 - 15 * w) * interval '1 day', 'credits'
    from ntrip_accounts a cross join nets cross join generate_series(0, 2) w`);

  // Rover history: finished sessions over the last 90 days, and the rovers connected now.
  const sessionColumns = sql.raw(`account_id, mountpoint, network_id, station_id, client_address, user_agent,
    ntrip_version, started_at, ended_at, progress_at, bytes_sent, gga_count, last_latitude, last_longitude,
    distance_to_base_m, close_reason, caster_instance`);
  await db.execute(sql`
    with acc as (select array_agg(id order by id) as ids from ntrip_accounts),
         st as (select array_agg(id order by id) as ids, array_agg(network_id order by id) as nets,
                       array_agg(mountpoint order by id) as mps from stations)
    insert into caster_sessions (${sessionColumns})
    select acc.ids[1 + (i::bigint * 7919) % array_length(acc.ids, 1)], st.mps[j], st.nets[j], st.ids[j],
           '198.51.100.' || i % 250, 'NTRIP RTKLIB/2.4.3', 2,
           now() - interval '2 hours' - (i % 129600) * interval '1 minute',
           now() - interval '1 hour' - (i % 129600) * interval '1 minute',
           now() - interval '1 hour' - (i % 129600) * interval '1 minute',
           3600 * 1200, 3600, 52.1, 5.1, 1200, 'client-closed', 'bench-peer:2101'
    from generate_series(1, ${size.pastSessions}) i cross join acc cross join st
    cross join lateral (select 1 + (i::bigint * 104729) % array_length(st.ids, 1) as j) pick`);
  await db.execute(sql`
    with acc as (select array_agg(id order by id) as ids from ntrip_accounts),
         big as (select array_agg(s.id order by s.id) as ids, array_agg(s.network_id order by s.id) as nets,
                        array_agg(s.mountpoint order by s.id) as mps
                 from stations s join networks n on n.id = s.network_id where n.code = 'BNET01'),
         rest as (select array_agg(s.id order by s.id) as ids, array_agg(s.network_id order by s.id) as nets,
                         array_agg(s.mountpoint order by s.id) as mps
                  from stations s join networks n on n.id = s.network_id where n.code <> 'BNET01')
    insert into caster_sessions (${sessionColumns})
    select acc.ids[1 + (i::bigint * 7919) % array_length(acc.ids, 1)], pick.mp, pick.net, pick.st,
           '198.51.100.' || i % 250, 'NTRIP RTKLIB/2.4.3', 2, now() - (i % 600) * interval '1 minute', null, now(),
           (i % 600) * 60 * 1200, (i % 600) * 60, 52.1, 5.1, 1200, null, 'bench-peer:2101'
    from generate_series(1, ${size.openSessions}) i cross join acc cross join big cross join rest
    cross join lateral (
      select case when i % 2 = 0 then big.ids[1 + i % array_length(big.ids, 1)] else rest.ids[1 + i % array_length(rest.ids, 1)] end as st,
             case when i % 2 = 0 then big.nets[1 + i % array_length(big.ids, 1)] else rest.nets[1 + i % array_length(rest.ids, 1)] end as net,
             case when i % 2 = 0 then big.mps[1 + i % array_length(big.ids, 1)] else rest.mps[1 + i % array_length(rest.ids, 1)] end as mp
    ) pick`);
  await db.execute(sql`
    with acc as (select array_agg(id order by id) as ids, array_agg(username order by id) as names from ntrip_accounts)
    insert into login_failures (username, account_id, mountpoint, reason, client_address, at)
    select acc.names[j], acc.ids[j], 'BNET01_001', case when i % 3 = 0 then 'no-access' else 'bad-password' end,
           '192.0.2.' || i % 250, now() - (i % 43200) * interval '1 minute'
    from generate_series(1, ${size.loginFailures}) i cross join acc
    cross join lateral (select 1 + (i::bigint * 6007) % array_length(acc.ids, 1) as j) pick`);

  // A database in use has planner statistics (autovacuum analyzes what changed); a freshly filled one has none yet.
  await db.execute(sql`analyze`);

  const [big] = await db
    .select({ id: schema.networks.id })
    .from(schema.networks)
    .where(sql`${schema.networks.code} = 'BNET01'`);
  if (!big) throw new Error('seed: the large network is missing');
  const counts: Record<string, number> = {};
  for (const table of [
    'users',
    'api_keys',
    'ntrip_accounts',
    'access_windows',
    'caster_sessions',
    'stations',
    'station_events',
  ]) {
    const result = await db.execute(sql`select count(*)::int as count from ${sql.identifier(table)}`);
    counts[table] = Number((result as unknown as { rows: { count: number }[] }).rows[0]?.count);
  }
  return {
    user,
    sessionTokens: {
      users: Array.from({ length: size.users }, (_, i) => sessionToken('user', i + 1)),
      admins: Array.from({ length: size.admins }, (_, i) => sessionToken('admin', i + 1)),
    },
    apiKeys: Array.from({ length: size.users }, (_, i) => benchApiKey(i + 1)),
    bigNetworkId: big.id,
    counts,
  };
}
