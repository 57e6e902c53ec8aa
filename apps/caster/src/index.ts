// The caster: the protocol layer (pure functions over Buffers, shared with the server, relay and tests) and the
// caster itself (createCaster), with its configuration and the in-process simulator for demo stations.
export * from './caster';
export { type AccountEventPublisher, connectAccountEvents } from './cluster/account-events';
export * from './config';
export * from './demo/simulated-station';
export { type CasterLogger, createJsonLogger, silentLogger } from './logger';
export * from './protocol/chunked';
export * from './protocol/replies';
export * from './protocol/request-head';
export * from './protocol/sourcetable';
export * from './protocol/sourcetable-filter';
