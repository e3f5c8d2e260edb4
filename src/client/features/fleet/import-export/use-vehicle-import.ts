import { useState } from 'react';
import type { ImportPreview } from '@shared/contracts/fleet';
import { errorMessageOf } from '@client/lib/api';
import { useImportPreview } from '../api';
import { csvFileProblem } from './csv-file-check';
import { useImportRun } from './use-import-run';
import { validVehicles } from './vehicle-csv';

/**
 * A vehicle import from a CSV file: the file is checked by the server first (nothing saved), then the
 * valid rows are sent in chunks with the progress shown; a refusal part-way (the plan's limit) stops it.
 */
export function useVehicleImport() {
  const previewCall = useImportPreview();
  const [fileName, setFileName] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [fileBox, setFileBox] = useState(0);
  const vehicles = preview ? validVehicles(preview) : [];
  const { state, setState, runImport } = useImportRun(vehicles);

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
    const problem = csvFileProblem(file);
    if (problem) {
      setFileError(problem);
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
