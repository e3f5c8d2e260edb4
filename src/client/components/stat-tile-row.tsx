import { StatTile, StatTileGrid, type StatTileProps } from '@client/components/stat-tile';

/**
 * A summary row written as a table of figures: the grid and one `StatTile` a figure, so a screen lists
 * what each tile says rather than repeating the tile's markup.
 */
export function StatTileRow({ tiles, columns }: { tiles: StatTileProps[]; columns?: 3 | 4 }) {
  return (
    <StatTileGrid columns={columns}>
      {tiles.map((tile) => (
        <StatTile key={tile.label} {...tile} />
      ))}
    </StatTileGrid>
  );
}
