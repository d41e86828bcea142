import * as api from '@vigil/contracts';
import type { OperationRegistrar } from '../../http/register.ts';
import { spreadsheetFile } from '../spreadsheets/workbook.ts';
import type { OriginDataService } from './origin-data.service.ts';

/** Original data (/originData): vendor administrators only (the contract's roles), across every provider. */
export function originDataRoutes(routes: OperationRegistrar, originData: OriginDataService): void {
  routes.secured(api.getOriginDataPage, async (input) => originData.page(input));
  routes.secured(api.downloadOriginData, async (input, { language }) => {
    const file = await originData.download(input, language);
    return spreadsheetFile(file.fileName, file.bytes);
  });
  routes.secured(api.deleteOriginData, async (input) => originData.deleteRange(input));
  routes.secured(api.deleteAllOriginData, async (input) => originData.deleteAll(input.deviceId));
}
