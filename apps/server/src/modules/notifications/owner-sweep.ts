import type { Database } from '@fixpoint/db';
import { sql } from 'drizzle-orm';

/** How many refused logins within an hour make "keeps failing to log in". */
export const LOGIN_FAILURES_TO_ALERT = 5;
/** A session this long without a byte of corrections "connects but never gets corrections". */
const SILENT_SESSION_SECONDS = 120;

/**
 * The owner events (issue 31, decision 0076) found by looking at the records: access started, ending within `days` and
 * ended,
 * a subscription that will not renew, a renewal payment that failed, credits below what the owner's credit-bought
 * access needs for `days` more days, an NTRIP account that keeps failing to log in or connects without getting
 * corrections (the caster's login_failures and caster_sessions). Each is one INSERT … SELECT with a dedupe key naming
 * what and when, so a sweep run twice, or by two processes, records each once. Answers how many were new.
 */
export async function sweepOwnerEvents(db: Database, { days }: { days: number }): Promise<number> {
  const statements = [
    // Access that began in the last day (granted from now, or dated at its first connection by the caster), unless
    // an earlier window ran up to its start: an extension or a renewal continues access, it does not start it.
    sql`insert into alert_events (kind, owner_user_id, owner_org_id, data, dedupe_key, occurred_at)
      select 'access-started', a.owner_user_id, a.owner_org_id,
        jsonb_build_object('accountId', a.id, 'account', a.name, 'networkId', n.id, 'networkName', n.name,
          'startsAt', w.starts_at, 'endsAt', w.ends_at),
        'access-started:' || a.id || ':' || n.id || ':' || w.starts_at::text, w.starts_at
      from access_windows w join ntrip_accounts a on a.id = w.account_id join networks n on n.id = w.network_id
      where w.starts_at <= now() and w.starts_at > now() - interval '1 day'
        and not exists (select 1 from access_windows earlier where earlier.account_id = w.account_id
          and earlier.network_id = w.network_id and earlier.starts_at < w.starts_at and earlier.ends_at >= w.starts_at)
      on conflict (dedupe_key) do nothing`,
    // Access (not a subscription's) ending within `days`, with no later window taking over.
    sql`insert into alert_events (kind, owner_user_id, owner_org_id, data, dedupe_key, occurred_at)
      select 'access-ending', a.owner_user_id, a.owner_org_id,
        jsonb_build_object('accountId', a.id, 'account', a.name, 'networkId', n.id, 'networkName', n.name, 'endsAt', w.ends_at),
        'access-ending:' || a.id || ':' || n.id || ':' || w.ends_at::text, now()
      from access_windows w join ntrip_accounts a on a.id = w.account_id join networks n on n.id = w.network_id
      where w.source <> 'subscription' and w.ends_at > now() and w.ends_at <= now() + make_interval(days => ${days}::int)
        and not exists (select 1 from access_windows later where later.account_id = w.account_id
          and later.network_id = w.network_id and later.starts_at <= w.ends_at and later.ends_at > w.ends_at)
      on conflict (dedupe_key) do nothing`,
    // Access that ended in the last day and nothing covers now.
    sql`insert into alert_events (kind, owner_user_id, owner_org_id, data, dedupe_key, occurred_at)
      select 'access-ended', a.owner_user_id, a.owner_org_id,
        jsonb_build_object('accountId', a.id, 'account', a.name, 'networkId', n.id, 'networkName', n.name, 'endsAt', w.ends_at),
        'access-ended:' || a.id || ':' || n.id || ':' || w.ends_at::text, w.ends_at
      from access_windows w join ntrip_accounts a on a.id = w.account_id join networks n on n.id = w.network_id
      where w.ends_at <= now() and w.ends_at > now() - interval '1 day'
        and not exists (select 1 from access_windows later where later.account_id = w.account_id
          and later.network_id = w.network_id and later.starts_at <= now() and later.ends_at > now())
      on conflict (dedupe_key) do nothing`,
    sql`insert into alert_events (kind, owner_user_id, owner_org_id, data, dedupe_key, occurred_at)
      select 'subscription-ending', s.owner_user_id, s.owner_org_id,
        jsonb_build_object('subscriptionId', s.id, 'product', p.name, 'endsAt', s.current_period_end),
        'subscription-ending:' || s.id || ':' || s.current_period_end::text, now()
      from subscriptions s join products p on p.id = s.product_id
      where s.status = 'cancelling' and s.current_period_end > now()
        and s.current_period_end <= now() + make_interval(days => ${days}::int)
        and (s.owner_user_id is not null or s.owner_org_id is not null)
      on conflict (dedupe_key) do nothing`,
    sql`insert into alert_events (kind, owner_user_id, owner_org_id, data, dedupe_key, occurred_at)
      select 'subscription-payment-failed', s.owner_user_id, s.owner_org_id,
        jsonb_build_object('subscriptionId', s.id, 'product', p.name, 'graceEndsAt', s.grace_ends_at),
        'subscription-payment-failed:' || s.id || ':' || s.grace_ends_at::text, now()
      from subscriptions s join products p on p.id = s.product_id
      where s.status = 'past_due' and s.grace_ends_at is not null
        and (s.owner_user_id is not null or s.owner_org_id is not null)
      on conflict (dedupe_key) do nothing`,
    // Credits: what the owner's credit-bought live access costs for `days` more days, against the balance; once a week.
    sql`insert into alert_events (kind, owner_user_id, owner_org_id, data, dedupe_key, occurred_at)
      select 'credits-low', need.owner_user_id, need.owner_org_id,
        jsonb_build_object('balance', coalesce(b.balance, 0), 'needed', need.daily * ${days}::int, 'days', ${days}::int),
        'credits-low:' || coalesce(need.owner_user_id, need.owner_org_id::text) || ':' || to_char(now(), 'IYYY-IW'), now()
      from (
        select a.owner_user_id, a.owner_org_id, sum(n.daily_price) as daily
        from (select distinct account_id, network_id from access_windows
          where source = 'credits' and starts_at <= now() and ends_at > now()) live
        join ntrip_accounts a on a.id = live.account_id join networks n on n.id = live.network_id
        where not a.is_disabled
        group by a.owner_user_id, a.owner_org_id
      ) need
      left join credit_balances b on (b.owner_user_id = need.owner_user_id or b.owner_org_id = need.owner_org_id)
      where need.daily > 0 and coalesce(b.balance, 0) < need.daily * ${days}::int
      on conflict (dedupe_key) do nothing`,
    // A rover typing a wrong (or the web) password, again and again: once a day per account.
    sql`insert into alert_events (kind, owner_user_id, owner_org_id, data, dedupe_key, occurred_at)
      select 'account-login-failing', a.owner_user_id, a.owner_org_id,
        jsonb_build_object('accountId', a.id, 'account', a.name, 'count', f.failures, 'at', f.first_at),
        'account-login-failing:' || a.id || ':' || to_char(now(), 'YYYY-MM-DD'), f.last_at
      from (select account_id, count(*) as failures, min(at) as first_at, max(at) as last_at from login_failures
        where at > now() - interval '1 hour' and account_id is not null and reason in ('bad-password', 'web-password')
        group by account_id having count(*) >= ${LOGIN_FAILURES_TO_ALERT}::int) f
      join ntrip_accounts a on a.id = f.account_id
      on conflict (dedupe_key) do nothing`,
    // Sessions of the last hour that lasted minutes without a byte of corrections (AUTO without GGA, no base).
    sql`insert into alert_events (kind, owner_user_id, owner_org_id, data, dedupe_key, occurred_at)
      select distinct on (a.id) 'account-no-corrections', a.owner_user_id, a.owner_org_id,
        jsonb_build_object('accountId', a.id, 'account', a.name, 'mountpoint', s.mountpoint, 'at', s.started_at),
        'account-no-corrections:' || a.id || ':' || to_char(now(), 'YYYY-MM-DD'), s.started_at
      from caster_sessions s join ntrip_accounts a on a.id = s.account_id
      where s.started_at > now() - interval '1 hour' and s.bytes_sent = 0
        and coalesce(s.ended_at, s.progress_at, now()) - s.started_at >= make_interval(secs => ${SILENT_SESSION_SECONDS}::int)
      order by a.id, s.started_at
      on conflict (dedupe_key) do nothing`,
  ];
  let recorded = 0;
  for (const statement of statements) {
    const result = (await db.execute(statement)) as unknown as { affectedRows?: number; rowCount?: number | null };
    recorded += result.affectedRows ?? result.rowCount ?? 0;
  }
  return recorded;
}
