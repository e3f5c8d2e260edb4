// The dashboard module's public face: what other modules may use (docs/architecture.md).
export { dailySnapshot } from './revenue-snapshots';
export { readFigures } from './stats';
