/**
 * The trading writes (spec 01 §7 EOI and market, Trade) as TanStack mutations. Each success
 * invalidates the dart page's reads (keys under ['dart']), so every panel shows the change at
 * once even before the live feed's row update arrives.
 */
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type AcceptCluster,
  clusterSchema,
  type ClusterUpdate,
  type ClusterView,
  type createEoiSchema,
  eoiSchema,
  eoiUploadSchema,
  type EoiView,
  type RespondEoi,
} from '../../shared/contracts/trading';
import { counterpartyListSchema, type Counterparty, type CounterpartyScope } from '../../shared/contracts/counterparties';
import { api } from './http';

/** The prefix of every dart-page query key (src/client/features/dart/dartQueries.ts). */
export const DART_QUERY_PREFIX = ['dart'] as const;

/** Request bodies as the dialogs send them: the contracts' input side (defaults filled by the server). */
export type CreateEoiBody = z.input<(typeof createEoiSchema)['out']>;
export type RespondBody = Partial<RespondEoi> & Pick<RespondEoi, 'respond_eoi_id'>;
export type CounterBody = Partial<ClusterUpdate>;
export type AcceptBody = AcceptCluster;

export const createEoi = (body: CreateEoiBody): Promise<EoiView> => api.post('/api/trade/eoi/', body, { schema: eoiSchema });
export const respondToEoi = (body: RespondBody): Promise<ClusterView> =>
  api.post('/api/eoi/add-negotiation/', body, { schema: clusterSchema });
export const counterCluster = ({ id, ...body }: CounterBody & { id: number }): Promise<ClusterView> =>
  api.put(`/api/trade/cluster/${id}/`, body, { schema: clusterSchema });
export const expireEoi = (id: number): Promise<EoiView> => api.post(`/api/eoi/expire/${id}/`, undefined, { schema: eoiSchema });
export const closeEoi = (id: number): Promise<EoiView> =>
  api.put(`/api/trade/d/eoi/${id}/close/`, { confirm: true }, { schema: eoiSchema });
/** GET api/cluster/{id}/?price: the negotiation with the priced figures of the quote on the table. */
export const fetchPricedCluster = (id: number, signal?: AbortSignal): Promise<ClusterView> =>
  api.get(`/api/cluster/${id}/?price`, { schema: clusterSchema, signal });
export const acceptCluster = ({ id, ...body }: AcceptBody & { id: number }): Promise<ClusterView> =>
  api.post(`/api/cluster/${id}/accept/`, body, { schema: clusterSchema });

/** POST api/eoi/upload/ with a CSV or XLSX file (multipart). */
export const uploadEois = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return api.post('/api/eoi/upload/', form, { schema: eoiUploadSchema });
};

/** GET api/trade/counterparties/: dealers (Member) and clients (Company) matching `search`, or a broker's end clients. */
export async function searchCounterparties(search: string, scope: CounterpartyScope, signal?: AbortSignal): Promise<Counterparty[]> {
  return (await api.get('/api/trade/counterparties/', { query: { search, scope }, schema: counterpartyListSchema, signal })).results;
}

/** What a dialog adds to a trading mutation: its success and failure handling. */
export type CommandOptions<TData, TVariables> = Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationFn'>;

/** A trading mutation that refreshes the dart page's lists when it succeeds. */
function useTradingMutation<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  options: CommandOptions<TData, TVariables> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<TData, Error, TVariables>({
    ...options,
    mutationFn,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: DART_QUERY_PREFIX });
      await options.onSuccess?.(...args);
    },
  });
}

export const useCreateEoi = (options?: CommandOptions<EoiView, CreateEoiBody>) => useTradingMutation(createEoi, options);
export const useRespond = (options?: CommandOptions<ClusterView, RespondBody>) => useTradingMutation(respondToEoi, options);
export const useCounter = (options?: CommandOptions<ClusterView, CounterBody & { id: number }>) =>
  useTradingMutation(counterCluster, options);
export const useExpireEoi = (options?: CommandOptions<EoiView, number>) => useTradingMutation(expireEoi, options);
export const useCloseEoi = (options?: CommandOptions<EoiView, number>) => useTradingMutation(closeEoi, options);
export const useAcceptCluster = (options?: CommandOptions<ClusterView, AcceptBody & { id: number }>) =>
  useTradingMutation(acceptCluster, options);
export const useUploadEois = (options?: CommandOptions<Awaited<ReturnType<typeof uploadEois>>, File>) =>
  useTradingMutation(uploadEois, options);
