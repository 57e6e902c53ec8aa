import { hostSchema, networkTextLimits } from '@fixpoint/shared';

/**
 * The contract's rules (packages/shared admin-networks) that the forms check at the field, so that bad input gets a
 * translated message where it was typed instead of the API's English 400 in an alert.
 */
export const isHost = (value: string) => hostSchema.safeParse(value).success;

/** Template and network names: 2 to 80 characters. */
export const isNameLength = (value: string) =>
  value.trim().length >= 2 && value.trim().length <= networkTextLimits.name;
