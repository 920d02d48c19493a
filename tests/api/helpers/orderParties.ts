/** The parties of the orders tests: the seller's and the buyer's dealers, their readers, a broker and an outsider. */
import type { FastifyInstance } from 'fastify';
import { bearer, signIn } from './signIn';

export type Headers = Record<string, string>;

export interface Party {
  headers: Headers;
  clientId: number;
}

async function party(app: FastifyInstance, email: string): Promise<Party> {
  const headers = bearer((await signIn(app, email)).access);
  const me = await app.inject({ method: 'GET', url: '/api/client/', headers });
  return { headers, clientId: (me.json() as { id: number }).id };
}

/** Arihant (the seller in most tests), Vasuki (the buyer), Trishul (a broker firm; else an outsider). */
export async function orderParties(app: FastifyInstance) {
  return {
    seller: await party(app, 'clientdealer@arihant.demo'),
    sellerViewer: await party(app, 'clientviewer@arihant.demo'),
    sellerCompliance: await party(app, 'complianceofficer@arihant.demo'),
    sellerBackOffice: await party(app, 'backoffice@arihant.demo'),
    buyer: await party(app, 'clientdealer@vasuki.demo'),
    buyerCompliance: await party(app, 'complianceofficer@vasuki.demo'),
    broker: await party(app, 'clientdealer@trishul.demo'),
  };
}
