export {
  type BackupContents,
  BackupError,
  type BackupHeader,
  keyFingerprint,
  type RestoreResult,
  readBackup,
  readBackupContents,
} from './backup-file';
export { pgliteArchive, restorePglite, writePgliteBackup } from './backup-pglite';
export { restorePostgres, writePostgresBackup } from './backup-postgres';
export * from './client';
export * from './owner';
export * from './password-hash';
export * as schema from './schema';
export * from './secret-box';
