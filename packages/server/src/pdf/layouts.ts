import { handoverLayout } from './handover/handover-layout.ts';
import type { PdfLayouts } from './kinds.ts';
import { sleepDailyLayout } from './sleep/sleep-daily.ts';
import { sleepMonthlyLayout } from './sleep/sleep-monthly.ts';

/** Every PDF kind's layout (loaded in the worker only: it pulls in pdfkit and ECharts). */
export const PDF_LAYOUTS: PdfLayouts = {
  sleepDaily: sleepDailyLayout,
  sleepMonthly: sleepMonthlyLayout,
  handover: handoverLayout,
};
