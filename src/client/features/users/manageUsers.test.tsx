import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { UserAccountView } from '../../../shared/contracts/users';
import { clickButton, renderPage, typeInto } from '../account/testing';
import { ManageUsersPage } from './ManageUsersPage';

const user = (id: number, first: string, last: string, extra: Partial<UserAccountView> = {}): UserAccountView => ({
  id,
  user_id: id + 100,
  first_name: first,
  last_name: last,
  name: `${first} ${last}`,
  email: `${first.toLowerCase()}@arihant.demo`,
  mobile: '9876543210',
  roles: ['clientdealer', 'user'],
  status: 'active',
  permissions: [],
  ...extra,
});
const USERS = [user(1, 'Rohan', 'Mehta'), user(2, 'Ishita', 'Kapoor', { roles: ['clientviewer'], status: 'invited', mobile: null })];

const searches: string[] = [];
const posted: { path: string; body: unknown }[] = [];
const server = setupServer(
  http.get('*/api/useraccounts/', ({ request }) => {
    const search = new URL(request.url).searchParams.get('search') ?? '';
    searches.push(search);
    return HttpResponse.json({ results: USERS.filter((u) => u.name.toLowerCase().includes(search.toLowerCase())) });
  }),
  http.post('*/api/client/user/invite/', async ({ request }) => {
    const body = (await request.json()) as { email: string; first_name: string; last_name: string };
    posted.push({ path: 'invite', body });
    return HttpResponse.json(user(3, body.first_name, body.last_name, { email: body.email, status: 'invited' }));
  }),
  http.put('*/api/client/user/', () =>
    HttpResponse.json({ code: 'LAST_OPSADMIN', message: 'A client must keep at least one active OpsAdmin.' }, { status: 409 }),
  ),
  http.get('*/api/requests/', () =>
    HttpResponse.json({
      results: [
        {
          id: 7,
          request_type: 'CASHFLOW_UPGRADE',
          message: null,
          context: { finstrument_id: 42 },
          status: 'open',
          created_at: '2026-11-20T05:30:00.000Z',
          user: { id: 9, name: 'Kavya Iyer', email: 'clientdealer@arihant.demo' },
        },
      ],
    }),
  ),
  http.post('*/api/client/user/invite/revoke/', async ({ request }) => {
    posted.push({ path: 'revoke', body: await request.json() });
    return HttpResponse.json({ detail: 'Invitation revoked' });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  server.resetHandlers();
  searches.length = 0;
  posted.length = 0;
});
afterAll(() => server.close());

const open = () => renderPage(<ManageUsersPage />, '/manage-users');

// ag-grid's first render in jsdom is slow when the whole suite runs in parallel.
describe('manage users', { timeout: 20_000 }, () => {
  it('renders the accounts from the API in the grid', async () => {
    open();
    expect(await screen.findByText('rohan@arihant.demo', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText('Ishita Kapoor')).toBeTruthy();
    const grid = screen.getByTestId('users-grid');
    expect(within(grid).getAllByText('Dealer').length).toBe(1);
    expect(within(grid).getByText('Invited')).toBeTruthy();
    expect(within(grid).getByText('—')).toBeTruthy();
    // Only the invited row can be revoked.
    expect(within(grid).getAllByRole('button', { name: 'Revoke invite' }).length).toBe(1);
  });

  it('searches after typing stops and shows the empty state', async () => {
    open();
    await screen.findByText('rohan@arihant.demo', {}, { timeout: 4000 });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: 'zzz' } });
    expect(await screen.findByText('No users found', {}, { timeout: 2000 })).toBeTruthy();
    expect(searches).toEqual(['', 'zzz']);
  });

  it('opens the invite dialog, checks it, and sends the invitation', async () => {
    open();
    await screen.findByText('rohan@arihant.demo', {}, { timeout: 4000 });
    clickButton('Invite user');
    const dialog = await screen.findByRole('dialog');
    typeInto(within(dialog).getByLabelText('Email'), 'bad');
    typeInto(within(dialog).getByLabelText('First name'), 'Neha#');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Basic' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Please enter a valid email address.')).toBeTruthy();
    expect(within(dialog).getByText('Should not contain special characters.')).toBeTruthy();
    expect(within(dialog).getByText('This field is required')).toBeTruthy();
    expect(within(dialog).getByText('Select at least one role.')).toBeTruthy();

    typeInto(within(dialog).getByLabelText('Email'), 'newdealer@arihant.demo');
    typeInto(within(dialog).getByLabelText('First name'), 'Neha');
    typeInto(within(dialog).getByLabelText('Last name'), 'Varma');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Dealer' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(posted).toEqual([
        {
          path: 'invite',
          body: { email: 'newdealer@arihant.demo', first_name: 'Neha', last_name: 'Varma', roles: ['clientdealer'] },
        },
      ]),
    );
    expect(await screen.findByText('Invitation sent')).toBeTruthy();
  });

  it('shows a refused role change as a toast with the server message', async () => {
    open();
    await screen.findByText('rohan@arihant.demo', {}, { timeout: 4000 });
    fireEvent.click(within(screen.getByTestId('users-grid')).getAllByRole('button', { name: 'Change roles' })[0]!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'OpsAdmin' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save roles' }));
    expect(await screen.findByText('A client must keep at least one active OpsAdmin.')).toBeTruthy();
  });

  it('revokes an invitation after confirmation', async () => {
    open();
    await screen.findByText('rohan@arihant.demo', {}, { timeout: 4000 });
    fireEvent.click(within(screen.getByTestId('users-grid')).getByRole('button', { name: 'Revoke invite' }));
    const alert = await screen.findByRole('alertdialog');
    fireEvent.click(within(alert).getByRole('button', { name: 'Revoke invite' }));
    await waitFor(() => expect(posted).toEqual([{ path: 'revoke', body: { invitee_id: 2 } }]));
  });
  it("lists the requests the client's users made from the upgrade walls", async () => {
    open();
    const section = await screen.findByRole('region', { name: 'Requests' });
    expect(await within(section).findByText('Cashflow upgrade')).toBeTruthy();
    expect(within(section).getByText('Kavya Iyer (clientdealer@arihant.demo)')).toBeTruthy();
  });
});
