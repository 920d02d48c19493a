/** The document service: each download as a file name and its PDF, stamped with the brand and the clock. */
import { businessDateOf } from '../../../shared/businessDate.js';
import type { QuoteRequest } from '../../../shared/contracts/instruments.js';
import type { ServiceDeps } from '../../serviceDeps.js';
import { cashflowsFor } from '../instruments/cashflows.js';
import { detailOf } from '../instruments/detail.js';
import { loadFinstrument, loadFinstrumentByIsin } from '../instruments/repository.js';
import type { FinstrumentRow } from '../instruments/terms.js';
import { quote } from '../pricing/marketQuote.js';
import { bondDetailsSheet, imSummary, quoteSheet } from './documents.js';

export interface Document {
  filename: string;
  pdf: Buffer;
}

export function createDocumentService({ db, clock, config }: ServiceDeps) {
  const meta = (isin: string) => ({ brandName: config.brandName, isin, generatedAt: clock.now() });
  const detailOfRow = (row: FinstrumentRow) => detailOf(db, row, businessDateOf(clock.now()));
  const detailAndFlows = async (row: FinstrumentRow) => ({
    detail: await detailOfRow(row),
    flows: await cashflowsFor(db, clock, row.id, {}),
  });
  return {
    async quoteSheet(id: number, body: QuoteRequest): Promise<Document> {
      const { row, info } = await quote(db, clock, id, body);
      return { filename: `${row.isin}-quote.pdf`, pdf: await quoteSheet(meta(row.isin), await detailOfRow(row), info) };
    },
    async imSummary(isin: string): Promise<Document> {
      const { detail, flows } = await detailAndFlows(await loadFinstrumentByIsin(db, isin));
      return { filename: `${detail.isin}-information-memorandum.pdf`, pdf: await imSummary(meta(detail.isin), detail, flows) };
    },
    async detailsSheet(id: number): Promise<Document> {
      const { detail, flows } = await detailAndFlows(await loadFinstrument(db, id));
      return { filename: `${detail.isin}-details.pdf`, pdf: await bondDetailsSheet(meta(detail.isin), detail, flows) };
    },
  };
}
