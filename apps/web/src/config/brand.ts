/** The running brand. The full reseller registry (logos, colours, languages) arrives with the app-shell work. */
export const brand = {
  key: 'fixpoint',
  name: 'Fixpoint',
  termsUrl: 'https://fixpoint.example/terms',
  primaryColor: 'blue',
} as const;
