/**
 * NATS subjects of the caster cluster. Mountpoints may contain '.', which NATS reads as a token separator (and '*'
 * or '>' as wildcards), so a mountpoint travels as one base64url token.
 */
export const SUBJECT_PREFIX = 'fixpoint.caster';

export const presenceSubject = `${SUBJECT_PREFIX}.presence`;

/** Published by the server when an NTRIP account is disabled, deleted, given a new password or otherwise changed. */
export const accountChangedSubject = 'fixpoint.accounts.changed';

/** Sessions a newer login on another process replaced (the account's limit counts across the cluster). */
export const sessionsReplacedSubject = `${SUBJECT_PREFIX}.sessions.replaced`;

export function encodeMountpoint(mountpoint: string): string {
  return Buffer.from(mountpoint, 'utf8').toString('base64url');
}

export function decodeMountpoint(token: string): string {
  return Buffer.from(token, 'base64url').toString('utf8');
}

/** Framed RTCM of one mount, published by the process holding its source. */
export function streamSubject(mountpoint: string): string {
  return `${SUBJECT_PREFIX}.rtcm.${encodeMountpoint(mountpoint)}`;
}

/** One process's stream of a mount: a follower listens to exactly one origin, even while two briefly hold it. */
export function frameSubject(mountpoint: string, instance: string): string {
  return `${streamSubject(mountpoint)}.${encodeMountpoint(instance)}`;
}

/** Presence heartbeat: the stations whose source this process holds, with their position when known. */
export interface PresenceMessage {
  instance: string;
  stations: {
    mountpoint: string;
    latitude?: number;
    longitude?: number /** Since its last data. */;
    idleMs?: number;
  }[];
  /** Relayed mounts whose upstream this process pulls (up or reconnecting): other processes follow, not pull. */
  relays?: string[];
  /** Relayed mounts this process has rovers on and follows from the process pulling them (the next pullers). */
  follows?: string[];
  /** True in the last message of a process that is stopping. */
  isLeaving?: boolean;
}

export interface AccountChangedMessage {
  accountId: string;
}

export interface SessionsReplacedMessage {
  accountId: string;
  sessionIds: string[];
}
