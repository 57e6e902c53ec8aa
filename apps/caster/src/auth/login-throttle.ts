/**
 * Failed rover logins per client address and username (docs/decisions/0043): after `limit` failures within
 * `windowMs` the pair is refused at once, without reading the database or checking a hash, until the window has
 * passed since its last failure. A stranger guessing one account's password costs nothing after the first few tries;
 * the account's owner on another address, and everyone else on the same one, are not held up. A success clears it.
 */
export function createLoginThrottle({
  limit = 5,
  windowMs = 60_000,
  maxEntries = 50_000,
}: {
  limit?: number;
  windowMs?: number;
  maxEntries?: number;
} = {}) {
  const failures = new Map<string, { count: number; lastAt: number }>();
  const key = (address: string, username: string) => `${address}\u0000${username}`;

  return {
    isHeld(address: string, username: string, now = Date.now()): boolean {
      const entry = failures.get(key(address, username));
      if (!entry) return false;
      if (now - entry.lastAt > windowMs) {
        failures.delete(key(address, username));
        return false;
      }
      return entry.count >= limit;
    },
    failed(address: string, username: string, now = Date.now()): void {
      const id = key(address, username);
      const entry = failures.get(id);
      const count = entry && now - entry.lastAt <= windowMs ? entry.count + 1 : 1;
      failures.delete(id);
      failures.set(id, { count, lastAt: now });
      // Oldest first in a Map: past the bound, the longest-quiet pairs are forgotten.
      while (failures.size > maxEntries) failures.delete(failures.keys().next().value as string);
    },
    succeeded(address: string, username: string): void {
      failures.delete(key(address, username));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
