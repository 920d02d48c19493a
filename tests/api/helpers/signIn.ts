/** Signs a seeded demo user in through the API and returns their tokens. */
import type { FastifyInstance } from 'fastify';
import { TEST_DEMO_PASSWORD } from '../setup/seedTemplate';

export async function signIn(app: FastifyInstance, email: string): Promise<{ access: string; refresh: string }> {
  const res = await app.inject({ method: 'POST', url: '/api/token/', payload: { email, password: TEST_DEMO_PASSWORD } });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export const bearer = (access: string) => ({ authorization: `Bearer ${access}` });
