/** The dart page's server data: one key factory and the query options of every panel. */
import { queryOptions } from '@tanstack/react-query';
import {
  fetchDepth,
  fetchMyQuotes,
  fetchNegotiations,
  fetchPrivateRuns,
  fetchPublicRuns,
  fetchRfqQuotes,
  fetchTimings,
} from '../../api/tradingApi';

export const dartKeys = {
  all: ['dart'] as const,
  publicRuns: () => [...dartKeys.all, 'public-runs'] as const,
  privateRuns: () => [...dartKeys.all, 'private-runs'] as const,
  rfqQuotes: () => [...dartKeys.all, 'rfq-quotes'] as const,
  myQuotes: () => [...dartKeys.all, 'my-quotes'] as const,
  negotiations: () => [...dartKeys.all, 'negotiations'] as const,
  timings: () => [...dartKeys.all, 'timings'] as const,
  depth: (finstrumentId: number) => [...dartKeys.all, 'depth', finstrumentId] as const,
};

export const publicRunsQuery = queryOptions({ queryKey: dartKeys.publicRuns(), queryFn: ({ signal }) => fetchPublicRuns(signal) });
export const privateRunsQuery = queryOptions({ queryKey: dartKeys.privateRuns(), queryFn: ({ signal }) => fetchPrivateRuns(signal) });
export const rfqQuotesQuery = queryOptions({ queryKey: dartKeys.rfqQuotes(), queryFn: ({ signal }) => fetchRfqQuotes(signal) });
export const myQuotesQuery = queryOptions({ queryKey: dartKeys.myQuotes(), queryFn: ({ signal }) => fetchMyQuotes(signal) });
export const negotiationsQuery = queryOptions({ queryKey: dartKeys.negotiations(), queryFn: ({ signal }) => fetchNegotiations(signal) });
export const timingsQuery = queryOptions({ queryKey: dartKeys.timings(), queryFn: ({ signal }) => fetchTimings(signal) });

export const depthQuery = (bond: { finstrumentId: number; isin: string }) =>
  queryOptions({
    queryKey: dartKeys.depth(bond.finstrumentId),
    queryFn: ({ signal }) => fetchDepth(bond, signal),
  });
