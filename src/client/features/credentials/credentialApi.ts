/** Exchange credentials (spec 01 §7 Client): written once, never read back. */
import { storedCredentialsSchema, type StoreCredentials } from '../../../shared/contracts/credentials';
import { api } from '../../api/http';

/** Stores (or replaces) the credentials of one clearing corporation. */
export function storeCredentials(values: StoreCredentials) {
  return api.post('/api/client/credentials/', values, { schema: storedCredentialsSchema });
}
