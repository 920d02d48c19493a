/** The caller's client profile (spec 01 §7 Client: GET api/client/, PUT api/client/{id}/). */
import { queryOptions } from '@tanstack/react-query';
import { clientProfileSchema, type ClientUpdate } from '../../../shared/contracts/clients';
import { api } from '../../api/http';

export const clientKeys = {
  all: ['client'] as const,
  profile: () => [...clientKeys.all, 'profile'] as const,
};

export const clientProfileQuery = () =>
  queryOptions({
    queryKey: clientKeys.profile(),
    queryFn: () => api.get('/api/client/', { schema: clientProfileSchema }),
  });

/** Saves the editable fields of client `id`. */
export function updateClientProfile(id: number, changes: ClientUpdate) {
  return api.put(`/api/client/${id}/`, changes, { schema: clientProfileSchema });
}
