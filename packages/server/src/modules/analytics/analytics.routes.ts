import * as api from '@vigil/contracts';
import type { OperationRegistrar } from '../../http/register.ts';
import type { AnalyticsService } from './analytics.service.ts';
import type { HandoverSummaries } from './handover.ts';
import { workingProviderId } from '../../tenancy/care-provider.ts';
import type { HandoverPdf } from './handover-pdf.ts';

/** Response-time analytics, their settings and the night handover (docs/analytics.md). */
export function analyticsRoutes(routes: OperationRegistrar, analytics: AnalyticsService, handover: HandoverSummaries, pdf: HandoverPdf): void {
  routes.secured(api.responseTimes, async (input, { session }) => analytics.responseTimes(session, input));
  routes.secured(api.analyticsSettings, async (_input, { session }) => analytics.settings(session));
  routes.secured(api.saveAnalyticsSettings, async (input, { session }) => analytics.saveSettings(session, input));
  routes.secured(api.handoverSummary, async (input, { session }) => handover.forSession(session, input));
  routes.secured(api.handoverPdf, async (input, { session, language }) => {
    const summary = await handover.forSession(session, input);
    return pdf.file(workingProviderId(session.scope), summary, input.lang ?? language);
  });
}
