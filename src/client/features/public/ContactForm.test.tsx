import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ContactForm } from './ContactForm';

const sent: unknown[] = [];
const server = setupServer(http.post('*/api/contact/', async ({ request }) => {
  sent.push(await request.json());
  return HttpResponse.json({ detail: 'Your message has been noted' });
}));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => { server.resetHandlers(); sent.length = 0; });
afterAll(() => server.close());

function renderForm() {
  render(<QueryClientProvider client={new QueryClient()}><ContactForm /></QueryClientProvider>);
  const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
  return { type, submit: () => fireEvent.click(screen.getByRole('button', { name: 'Send message' })) };
}

describe('the public contact form', () => {
  it('sends the message and says it has been noted', async () => {
    const { type, submit } = renderForm();
    type('Name', 'Meera Iyer');
    type('Business e-mail', 'meera@treasuryhouse.in');
    type('Message', 'Please call me about the finder.');
    submit();
    await waitFor(() => expect(screen.getAllByText('Your message has been noted').length).toBeGreaterThan(0));
    expect(sent).toEqual([{ name: 'Meera Iyer', email: 'meera@treasuryhouse.in', company: '', message: 'Please call me about the finder.' }]);
  });

  it('asks for a business e-mail and sends nothing', async () => {
    const { type, submit } = renderForm();
    type('Name', 'Meera Iyer');
    type('Business e-mail', 'meera@gmail.com');
    type('Message', 'Hello');
    submit();
    expect(await screen.findByText('Enter a valid business email')).toBeTruthy();
    type('Business e-mail', 'meera@');
    submit();
    expect(await screen.findByText('Enter a valid email ID')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("shows the server's limit when the address has written too often", async () => {
    server.use(http.post('*/api/contact/', () => HttpResponse.json(
      { code: 'RATE_LIMITED', message: 'Too many requests from this e-mail address. Please try again in an hour.' }, { status: 429 })));
    const { type, submit } = renderForm();
    type('Name', 'Meera Iyer');
    type('Business e-mail', 'meera@treasuryhouse.in');
    type('Message', 'Again');
    submit();
    expect(await screen.findByText('Too many requests from this e-mail address. Please try again in an hour.')).toBeTruthy();
  });
});
