import type { HandoverSummary } from '@vigil/contracts';

/** What the night-handover PDF draws: the summary (contracts) and the care home's name. */
export interface HandoverPdfData {
  summary: HandoverSummary;
  providerName: string;
}
