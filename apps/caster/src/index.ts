// The caster: the protocol layer (pure functions over Buffers, shared with the server, relay and tests) and the
// caster itself (createCaster), with its configuration and the in-process simulator for demo stations, and the
// RTCM archive's stores and reader (RINEX on demand).
export {
  type ArchiveCoverage,
  type ArchiveSegment,
  COVERAGE_MERGE_GAP_MS,
  type CoverageInterval,
  coverage,
  listSegments,
  mergeCoverage,
  readSegment,
} from './archive/archive-reader';
export {
  ArchiveObjectMissingError,
  type ArchiveStore,
  type ArchiveStoreEnv,
  archiveStoreFromEnv,
  createLocalArchiveStore,
  createS3ArchiveStore,
  type S3ArchiveStoreOptions,
} from './archive/archive-store';
export { type SweepResult, sweepArchive } from './archive/sweeper';
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
