import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../shared/contracts/auth';
import type { ClientProfile } from '../../../shared/contracts/clients';
import { renderPage, sessionFixture, signedInHandlers, typeInto } from '../account/testing';
import { ClientProfilePage } from './ClientProfilePage';

const PROFILE: ClientProfile = {
  id: 4,
  name: 'Arihant Capital Markets Ltd',
  slug: 'arihant',
  client_type: 'CORP',
  segment: 'INSTITUTIONAL',
  category: null,
  tier: 'PREMIUM',
  website: 'arihantcapital.com',
  state: null,
  pan: 'AAACA****K',
  exchanges: ['NSCCL', 'ICCL'],
  is_broker: false,
  is_partner: false,
  has_accepted_chat_terms: true,
};
let session: Session = sessionFixture();
let profile = PROFILE;
const puts: unknown[] = [];
const server = setupServer(
  ...signedInHandlers(() => session),
  http.get('*/api/client/', () => HttpResponse.json(profile)),
  http.put('*/api/client/4/', async ({ request }) => {
    const body = (await request.json()) as Partial<ClientProfile>;
    puts.push(body);
    if (body.name === 'Taken') {
      return HttpResponse.json(
        { code: 'VALIDATION_FAILED', message: 'Please enter a valid website.', fields: { website: 'Please enter a valid website.' } },
        { status: 400 },
      );
    }
    profile = { ...profile, ...body };
    return HttpResponse.json(profile);
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  server.resetHandlers();
  puts.length = 0;
  profile = PROFILE;
  session = sessionFixture();
});
afterAll(() => server.close());

describe('client profile', () => {
  it('is read-only for a viewer', async () => {
    session = sessionFixture({}, { roles: ['clientviewer'] });
    renderPage(<ClientProfilePage />, '/client/profile');
    expect(await screen.findByRole('heading', { name: 'Arihant Capital Markets Ltd' })).toBeTruthy();
    expect(screen.getByText('AAACA****K')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit client profile' })).toBeNull());
  });

  it('lets the OpsAdmin edit it, with field messages and the server field errors', async () => {
    renderPage(<ClientProfilePage />, '/client/profile');
    const form = await screen.findByRole('form', { name: 'Edit client profile' });
    typeInto('Name', ' ');
    typeInto('Website', 'not a website');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Please enter a valid website.')).toBeTruthy();
    expect(puts).toEqual([]);

    typeInto('Name', 'Taken');
    typeInto('Website', 'arihant.in');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Please enter a valid website.')).toBeTruthy();

    typeInto('Name', 'Arihant Capital');
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'Gujarat' } });
    fireEvent.change(screen.getByLabelText('Segment'), { target: { value: 'WDM' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Client profile saved')).toBeTruthy();
    expect(puts.at(-1)).toEqual({ name: 'Arihant Capital', website: 'arihant.in', state: 'Gujarat', segment: 'WDM' });
    expect(await screen.findByRole('heading', { name: 'Arihant Capital' })).toBeTruthy();
    // The form stays open on the saved values, ready for the next edit.
    expect(form.isConnected).toBe(true);
    expect([
      (screen.getByLabelText('Name') as HTMLInputElement).value,
      (screen.getByLabelText('Website') as HTMLInputElement).value,
    ]).toEqual(['Arihant Capital', 'arihant.in']);
  });
});
