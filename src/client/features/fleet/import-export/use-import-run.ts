import { useState } from 'react';
import { IMPORT_CHUNK_ROWS, type VehicleInput } from '@shared/contracts/fleet';
import { errorMessageOf } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { limitRefusalOf, useImportVehicleChunk, type LimitRefusal } from '../api';
import { formatNumber } from '../shell/format';
import { chunks } from './vehicle-csv';

export type ImportState =
  | { kind: 'idle' }
  | { kind: 'running'; done: number; total: number }
  | { kind: 'done'; created: number }
  | { kind: 'stopped'; created: number; total: number; refusal: LimitRefusal | null; message: string };

/**
 * Sends the valid rows in chunks, with the progress in `state`; a refusal part-way (the plan's limit)
 * stops the import where it is.
 */
export function useImportRun(vehicles: VehicleInput[]) {
  const importChunk = useImportVehicleChunk();
  const [state, setState] = useState<ImportState>({ kind: 'idle' });

  const runImport = async () => {
    let created = 0;
    setState({ kind: 'running', done: 0, total: vehicles.length });
    for (const part of chunks(vehicles, IMPORT_CHUNK_ROWS)) {
      try {
        created += (await importChunk.mutateAsync(part)).created;
        setState({ kind: 'running', done: created, total: vehicles.length });
      } catch (error) {
        setState({
          kind: 'stopped',
          created,
          total: vehicles.length,
          refusal: limitRefusalOf(error),
          message: errorMessageOf(error, 'The import stopped. Please try again.'),
        });
        return;
      }
    }
    setState({ kind: 'done', created });
    toast({
      title: 'Import complete',
      description: `${formatNumber(created)} ${created === 1 ? 'vehicle was' : 'vehicles were'} added to your fleet.`,
      variant: 'success',
    });
  };

  return { state, setState, runImport };
}
