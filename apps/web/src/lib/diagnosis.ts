import type { Diagnosis } from '@fixpoint/shared';

/** Colour of an account's status, from its diagnosis. */
export const diagnosisColor: Record<Diagnosis, string> = {
  receiving: 'green',
  'connected-no-gga': 'yellow',
  'web-password': 'red',
  'bad-password': 'red',
  expired: 'orange',
  'no-access': 'gray',
  'outside-coverage': 'orange',
  disabled: 'red',
  'never-connected': 'blue',
  idle: 'gray',
};
