export * from './auth';
export * from './billing';
export * from './commerce';
export * from './credits';
export * from './meta';
export * from './networks';
export * from './ntrip-accounts';
export * from './organizations';
