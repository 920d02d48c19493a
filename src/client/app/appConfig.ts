/** The installation's brand and mode, fetched once from the server. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { appConfigSchema, type AppConfig } from '../../shared/contracts/system';
import { api } from '../api/http';

export const DEFAULT_BRAND = 'Kosh';

export const appConfigQuery = queryOptions({
  queryKey: ['app-config'] as const,
  queryFn: () => api.get<AppConfig>('/api/app-config/', { schema: appConfigSchema }),
  staleTime: Infinity,
});

/** The configured brand name (BRAND_NAME), "Kosh" until the server has answered. */
export function useBrand(): string {
  return useQuery(appConfigQuery).data?.brand_name ?? DEFAULT_BRAND;
}

/** Whether support ticket type ids are the raw ids (dev mode) — demo installations are, until the server says. */
export function useSupportDevMode(): boolean {
  return useQuery(appConfigQuery).data?.support.dev_mode ?? true;
}
