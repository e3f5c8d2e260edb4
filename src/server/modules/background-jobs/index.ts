// The background-jobs module's public face: what other modules may use (docs/architecture.md).
export {
  type BackgroundJobs,
  createBackgroundJobs,
  JobFailure,
  type JobOutcome,
  type JobProgress,
} from './service';
