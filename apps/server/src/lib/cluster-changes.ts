import { connect } from 'nats';

/** The subject on which an API process says that data behind the shared answers changed (decision 0084). */
export const sharedAnswersChangedSubject = 'fixpoint.api.changed';

/** Tells the other API processes that shared answers are stale, and hears when they say so. */
export interface ClusterChanges {
  /** Says so to every other process (not to this one: it has forgotten its own answers already). */
  publish(): void;
  /** `listener` runs when another process published. */
  subscribe(listener: () => void): void;
  close(): Promise<void>;
}

/**
 * The API processes' NATS link for shared answers (docs/decisions/0084): a message carries no data, only that an
 * admin's write went through, so each process forgets its shared answers and rebuilds them from the database on the
 * next request. `noEcho` keeps a process's own messages from coming back to it.
 */
export async function connectClusterChanges(url: string): Promise<ClusterChanges> {
  const nc = await connect({
    servers: url,
    name: 'fixpoint-api',
    noEcho: true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
  });
  const listeners = new Set<() => void>();
  const subscription = nc.subscribe(sharedAnswersChangedSubject, {
    callback: () => {
      for (const listener of listeners) listener();
    },
  });
  return {
    publish() {
      if (!nc.isClosed()) nc.publish(sharedAnswersChangedSubject);
    },
    subscribe(listener) {
      listeners.add(listener);
    },
    async close() {
      subscription.unsubscribe();
      await nc.drain().catch(() => undefined);
    },
  };
}
