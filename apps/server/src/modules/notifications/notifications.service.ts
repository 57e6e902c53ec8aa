import { type Database, type Owner, ownerValues, ownerWhere, schema } from '@fixpoint/db';
import {
  type Language,
  type NotificationList,
  type NotificationReadResult,
  type NotificationSettings,
  notificationDefaults,
  notificationKindSchema,
  notificationKinds,
  type ServiceStatus,
  type StationLiveState,
} from '@fixpoint/shared';
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { textsIn } from '../../i18n/i18n';
import { stationStatus } from '../networks/station-status';
import { notificationText } from './texts';

/** The owner's notifications, settings and the state of the stations they use (issue 31, decision 0076). */
export function createNotificationsService({ db }: { db: Database }) {
  const n = schema.notifications;

  async function unreadOf(owner: Owner) {
    const [row] = await db
      .select({ unread: count() })
      .from(n)
      .where(and(ownerWhere(n, owner), isNull(n.readAt)));
    return row?.unread ?? 0;
  }

  return {
    /** Newest first, titles and bodies in the reader's language. */
    async list(
      owner: Owner,
      language: Language,
      { limit, unread }: { limit: number; unread?: boolean },
    ): Promise<NotificationList> {
      const rows = await db
        .select()
        .from(n)
        .where(and(ownerWhere(n, owner), unread ? isNull(n.readAt) : undefined))
        .orderBy(desc(n.createdAt), desc(n.id))
        .limit(limit);
      const t = textsIn(language);
      const items = rows.flatMap((row) => {
        const kind = notificationKindSchema.safeParse(row.kind);
        if (!kind.success) return [];
        const { title, body } = notificationText(t, language, kind.data, row.data as Record<string, unknown>);
        return [
          {
            id: row.id,
            kind: kind.data,
            title,
            body,
            createdAt: row.createdAt.toISOString(),
            readAt: row.readAt?.toISOString() ?? null,
            link: row.link,
          },
        ];
      });
      return { items, unread: await unreadOf(owner) };
    },

    /** Marks the given notifications (only the owner's own; others' ids are ignored) or all of them read. */
    async markRead(
      owner: Owner,
      body: { ids?: string[] | undefined; all?: true | undefined },
    ): Promise<NotificationReadResult> {
      const which = body.all ? undefined : inArray(n.id, body.ids ?? []);
      const updated = await db
        .update(n)
        .set({ readAt: sql`now()` })
        .where(and(ownerWhere(n, owner), isNull(n.readAt), which))
        .returning({ id: n.id });
      return { updated: updated.length, unread: await unreadOf(owner) };
    },

    /** One row per kind: the owner's choice, else the kind's default. */
    async settings(owner: Owner): Promise<NotificationSettings> {
      const st = schema.notificationSettings;
      const rows = await db.select().from(st).where(ownerWhere(st, owner));
      const chosen = new Map(rows.map((row) => [row.kind, row]));
      return {
        settings: notificationKinds.map((kind) => {
          const row = chosen.get(kind) ?? notificationDefaults[kind];
          return { kind, inApp: row.inApp, email: row.email, webhook: row.webhook };
        }),
      };
    },

    /** Stores the given kinds' choices (the others keep theirs); answers the full list. */
    async saveSettings(owner: Owner, input: NotificationSettings): Promise<NotificationSettings> {
      const st = schema.notificationSettings;
      await db.transaction(async (tx) => {
        for (const setting of input.settings) {
          const values = {
            inApp: setting.inApp,
            email: setting.email,
            webhook: setting.webhook ?? notificationDefaults[setting.kind].webhook,
            updatedAt: new Date(),
          };
          const updated = await tx
            .update(st)
            .set(values)
            .where(and(ownerWhere(st, owner), eq(st.kind, setting.kind)))
            .returning({ id: st.id });
          if (updated.length === 0)
            await tx.insert(st).values({ ...ownerValues(owner), kind: setting.kind, ...values });
        }
      });
      return this.settings(owner);
    },

    /**
     * The stations the owner uses (those of the networks their accounts have live access to): `operational` only
     * when every one is up; down stations first.
     */
    async serviceStatus(owner: Owner): Promise<ServiceStatus> {
      const a = schema.ntripAccounts;
      const w = schema.accessWindows;
      const networkIds = (
        await db
          .selectDistinct({ networkId: w.networkId })
          .from(w)
          .innerJoin(a, eq(a.id, w.accountId))
          .where(and(ownerWhere(a, owner), lte(w.startsAt, sql`now()`), gt(w.endsAt, sql`now()`)))
      ).map((row) => row.networkId);
      if (networkIds.length === 0) return { state: 'operational', stations: [] };
      const s = schema.stations;
      const nw = schema.networks;
      const st = schema.stationStates;
      const al = schema.stationAlertStates;
      const rows = await db
        .select({
          id: s.id,
          name: s.mountpoint,
          networkName: nw.name,
          kind: nw.kind,
          isConnected: st.isConnected,
          lastDataAt: st.lastDataAt,
          connectedSince: st.connectedSince,
          updatedAt: st.updatedAt,
          lastErrorAt: st.lastErrorAt,
          alertState: al.state,
          alertChangedAt: al.changedAt,
        })
        .from(s)
        .innerJoin(nw, eq(nw.id, s.networkId))
        .leftJoin(st, eq(st.stationId, s.id))
        .leftJoin(al, eq(al.stationId, s.id))
        .where(and(inArray(s.networkId, networkIds), eq(s.isEnabled, true)))
        .orderBy(asc(nw.name), asc(s.mountpoint));
      const now = Date.now();
      const stations = rows.map((row) => {
        const live = stationStatus(row, now, row.kind === 'relay' ? row : undefined);
        // The caster's declared outage wins (it held a flapping base down); a station it declared degraded (rate,
        // missing message types, position jump) is degraded while it is up; otherwise the live state.
        const state: StationLiveState =
          row.alertState === 'down' ? 'down' : row.alertState === 'degraded' && live === 'up' ? 'degraded' : live;
        const since =
          state === 'down'
            ? (row.lastDataAt ?? row.alertChangedAt ?? row.updatedAt)
            : state === 'up'
              ? (row.connectedSince ?? row.alertChangedAt)
              : row.alertState === 'degraded'
                ? row.alertChangedAt
                : row.lastDataAt;
        return { id: row.id, name: row.name, networkName: row.networkName, state, since: since?.toISOString() ?? null };
      });
      const rank = { down: 0, degraded: 1, up: 2 } as const;
      stations.sort((x, y) => rank[x.state] - rank[y.state]);
      // Down when nothing the owner uses is up; degraded when some of it is not.
      const state =
        stations.length > 0 && stations.every((x) => x.state === 'down')
          ? 'down'
          : stations.some((x) => x.state !== 'up')
            ? 'degraded'
            : 'operational';
      return { state, stations };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
