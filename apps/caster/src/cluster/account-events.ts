import { connect, type NatsConnection } from 'nats';
import { type AccountChangedMessage, accountChangedSubject } from './subjects';

export interface AccountEventPublisher {
  /** Tells every caster process that these NTRIP accounts changed; each re-checks their live sessions at once. */
  accountsChanged(accountIds: readonly string[]): void;
  close(): Promise<void>;
}

/**
 * The server's side of account changes in a cluster (decision 0023): a NATS connection that publishes one message
 * per changed account. Casters also poll every account with live sessions each CASTER_ACCOUNT_POLL_SECONDS, so a
 * lost message delays a revocation by at most that long.
 */
export async function connectAccountEvents(url: string, name = 'fixpoint-server'): Promise<AccountEventPublisher> {
  const nc: NatsConnection = await connect({ servers: url, name, maxReconnectAttempts: -1, reconnectTimeWait: 500 });
  const encoder = new TextEncoder();
  return {
    accountsChanged(accountIds) {
      if (nc.isClosed()) return;
      for (const accountId of accountIds) {
        const message: AccountChangedMessage = { accountId };
        nc.publish(accountChangedSubject, encoder.encode(JSON.stringify(message)));
      }
    },
    async close() {
      await nc.drain().catch(() => undefined);
    },
  };
}
