/** The finder service: the bond list and its facet counts on today's business date. */
import { businessDateOf } from '../../../shared/businessDate.js';
import type { CategoriesRequest, FinderListRequest } from '../../../shared/contracts/finder.js';
import type { ServiceDeps } from '../../serviceDeps.js';
import { createFacetCache, facetCounts } from './facets.js';
import { createKeptPages } from './keptPages.js';
import { createKeywordIndexHolder } from './keywordIndex.js';
import { listFinstruments } from './list.js';

export function createFinderService({ db, clock }: ServiceDeps) {
  const cache = createFacetCache(clock);
  const kept = createKeptPages(db);
  const keywords = createKeywordIndexHolder(db);
  const today = () => businessDateOf(clock.now());
  return {
    list: (request: FinderListRequest) => listFinstruments(db, today(), request, kept, keywords),
    facets: (request: CategoriesRequest) => facetCounts(db, today(), request, cache),
  };
}
