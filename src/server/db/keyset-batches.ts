/** Where a keyset read stopped: the last row's sort key (as text) and its id, the tie-break. */
export type KeysetPosition = { cursor: string; id: string };

/**
 * Every row of an ordered read, one batch at a time: each batch starts after the last row of the one
 * before (keyset), so each is one indexed read of `size` rows, memory stays flat however many rows
 * match, and no transaction stays open between batches (the CSV exports stream with it).
 */
export async function* keysetBatches<R>(
  read: (after: KeysetPosition | null, size: number) => Promise<R[]>,
  positionOf: (row: R) => KeysetPosition,
  size: number,
): AsyncGenerator<R[]> {
  let after: KeysetPosition | null = null;
  for (;;) {
    const rows = await read(after, size);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    after = positionOf(rows[rows.length - 1]!);
  }
}
