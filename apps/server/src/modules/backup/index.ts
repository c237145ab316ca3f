export { writeBackup, type BackupSummary } from './backup.service.ts'
export {
  migrationsForArchive,
  openArchive,
  restoreBackup,
  verifyArchive,
  type RestoreSummary,
} from './restore.service.ts'
export { RestoreRefusedError, type ArchiveHead, type ArchiveManifest } from './archive.ts'
