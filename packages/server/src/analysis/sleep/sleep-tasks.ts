import type { NightAnalysis } from '@vigil/contracts';
import { columnsFromChunks, type PackedChunks } from './chunk-columns.ts';
import { analyseNight, type NightColumns, type NightOptions } from './index.ts';

/** Night analysis in the worker pool (see workers/pool.ts): columns arrive transferred, not copied. */
export const tasks = {
  analyseNight: (input: { columns: NightColumns; options: NightOptions }): NightAnalysis => analyseNight(input.columns, input.options),
  /** The store's chunks of the night, decoded here rather than on the event loop. */
  analyseChunks: (input: { chunks: PackedChunks; options: NightOptions & { from: number; to: number } }): NightAnalysis =>
    analyseNight(columnsFromChunks(input.chunks, input.options.from, input.options.to), input.options),
};
