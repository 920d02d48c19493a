/**
 * The counterparty search (spec 02 §2-3, §7 "get users and clients unified"): the dealers
 * (Member) and firms (Company) the caller can address a one-to-one quote to.
 */
import { z } from 'zod';

export const COUNTERPARTY_GROUPS = ['Member', 'Company'] as const;
export type CounterpartyGroup = (typeof COUNTERPARTY_GROUPS)[number];

/** Who is looked for: trading counterparties, or (for a broker) the clients who trade through the caller. */
export const COUNTERPARTY_SCOPES = ['counterparties', 'end_clients'] as const;
export type CounterpartyScope = (typeof COUNTERPARTY_SCOPES)[number];

/** GET api/trade/counterparties/: fewer than 3 characters finds nothing (spec 02 §5 Search). */
export const counterpartyQuerySchema = z.object({
  search: z.string().trim().max(100).default(''),
  scope: z.enum(COUNTERPARTY_SCOPES).default('counterparties'),
});

/** Spec 02 §3 Counterparty; a Company row has no user. */
export const counterpartySchema = z.object({
  user_id: z.number().nullable(),
  client_id: z.number(),
  nsccl_code: z.string().nullable(),
  iccl_code: z.string().nullable(),
  user_name: z.string().nullable(),
  brand_name: z.string(),
  name: z.string(),
  group: z.enum(COUNTERPARTY_GROUPS),
});
export type Counterparty = z.infer<typeof counterpartySchema>;
export const counterpartyListSchema = z.object({ results: z.array(counterpartySchema) });
