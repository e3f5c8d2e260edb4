import { useState } from 'react';
import { IMPORT_CHUNK_ROWS, IMPORT_MAX_BYTES, type ImportPreview } from '@shared/contracts/fleet';
import { errorMessageOf } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { limitRefusalOf, useImportPreview, useImportVehicleChunk, type LimitRefusal } from '../api';
import { formatNumber } from '../shell/format';
import { chunks, validVehicles } from './vehicle-csv';

export type ImportState =
  | { kind: 'idle' }
  | { kind: 'running'; done: number; total: number }
  | { kind: 'done'; created: number }
  | { kind: 'stopped'; created: number; total: number; refusal: LimitRefusal | null; message: string };

/**
 * A vehicle import from a CSV file: the file is checked by the server first (nothing saved), then the
 * valid rows are sent in chunks with the progress shown; a refusal part-way (the plan's limit) stops it.
 */
export function useVehicleImport() {
  const previewCall = useImportPreview();
  const importChunk = useImportVehicleChunk();
  const [fileName, setFileName] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [state, setState] = useState<ImportState>({ kind: 'idle' });
  const [fileBox, setFileBox] = useState(0);
  const vehicles = preview ? validVehicles(preview) : [];

  const clear = () => {
    setFileName(null);
    setFileError(null);
    setPreview(null);
    setState({ kind: 'idle' });
    previewCall.reset();
  };

  /** Starts over: a new, empty file box too (the one that held the last file is let go). */
  const reset = () => {
    clear();
    setFileBox((n) => n + 1);
  };

  const readFile = async (file: File) => {
    clear();
    setFileName(file.name);
    if (!file.name.toLowerCase().endsWith('.csv') && file.type !== 'text/csv') {
      setFileError('Choose a .csv file.');
      return;
    }
    if (file.size > IMPORT_MAX_BYTES) {
      setFileError('The file is larger than 2 MB. Split it into smaller files and import them one by one.');
      return;
    }
    const text = await file.text();
    if (!text.trim()) {
      setFileError('The file is empty.');
      return;
    }
    try {
      setPreview(await previewCall.mutateAsync(text));
    } catch (error) {
      setFileError(errorMessageOf(error, 'The file could not be checked. Please try again.'));
    }
  };

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

  return {
    /** The file box's key: it changes when the import starts over, which empties the box. */
    fileBox,
    fileName,
    fileError,
    preview,
    checking: previewCall.isPending,
    vehicles,
    state,
    running: state.kind === 'running',
    readFile,
    runImport,
    reset,
  };
}

export type VehicleImport = ReturnType<typeof useVehicleImport>;
