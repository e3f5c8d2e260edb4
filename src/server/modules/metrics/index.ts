// The metrics module's public face: what other modules may use (docs/architecture.md).
export { createMetrics, type Metrics } from './metrics';
export type { EventLoopWindow } from './node-metrics';
