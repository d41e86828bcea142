import type { NightAnalysis } from '@vigil/contracts';
import { analyseNight, type NightColumns, type NightOptions } from './index.ts';

/** Night analysis in the worker pool (see workers/pool.ts): columns arrive transferred, not copied. */
export const tasks = {
  analyseNight: (input: { columns: NightColumns; options: NightOptions }): NightAnalysis => analyseNight(input.columns, input.options),
};
