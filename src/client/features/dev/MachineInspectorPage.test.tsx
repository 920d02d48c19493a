import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyActorRef } from 'xstate';
import { buzzMachine } from '../../../../machines/buzz.machine';
import { sessionMachine } from '../../../../machines/session.machine';
import { MACHINE_MODELS } from '../../../../machines/testing/models';
import { inspect } from '../../app/actorInspection';
import { MachineInspectorPage, stateLabel } from './MachineInspectorPage';

// Mermaid needs a real layout engine: the drawn diagram is checked in the browser (e2e inspector.spec).
vi.mock('./MachineDiagram', () => ({
  MachineDiagram: ({ value }: { value: unknown }) => <div data-testid="machine-diagram">{JSON.stringify(value)}</div>,
}));

const running: AnyActorRef[] = [];
afterEach(() => running.splice(0).forEach((a) => a.stop()));

function start<T extends AnyActorRef>(actor: T): T {
  running.push(actor);
  actor.start();
  return actor;
}

const renderPage = (path = '/dev/machines') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <MachineInspectorPage />
    </MemoryRouter>,
  );

describe('machine inspector page', () => {
  it('says so when no actor runs', () => {
    renderPage();
    expect(screen.getByText('No running actors')).toBeTruthy();
  });

  it('lists every running actor and follows the selected one live', () => {
    start(createActor(buzzMachine, { inspect }));
    const buzz = start(createActor(buzzMachine, { inspect }));
    renderPage();
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['buzzidle', 'buzz (2)idle']);
    act(() => buzz.send({ type: 'buzz.received' }));
    fireEvent.click(screen.getAllByRole('menuitem')[1]!);
    const details = screen.getByTestId('inspected-actor');
    expect(within(details).getByTestId('actor-state').textContent).toBe('started');
    expect(within(details).getByTestId('actor-events').textContent).toContain('buzz.received');
  });

  it('shows the actor named in ?actor= with its context, secrets masked', () => {
    start(createActor(buzzMachine, { inspect }));
    const session = start(createActor(MACHINE_MODELS.session!.machine as typeof sessionMachine, { inspect }));
    act(() =>
      session.send({
        type: 'xstate.done.actor.restoreSession',
        output: { access: 'eyJ.jwt', session: {}, refreshTokenMaxAgeMs: 60_000 },
      } as never),
    );
    renderPage('/dev/machines?actor=session');
    expect(screen.getByTestId('inspected-actor').dataset.actor).toBe('session');
    expect(screen.getByTestId('actor-state').textContent).toBe('authenticated');
    const context = screen.getByTestId('actor-context').textContent!;
    expect(context).toContain('"access": "••• redacted"');
    expect(context).not.toContain('eyJ.jwt');
  });
});

describe('state labels', () => {
  it('reads nested and parallel state values', () => {
    expect(stateLabel('idle')).toBe('idle');
    expect(stateLabel({ lookup: 'debouncing' })).toBe('lookup.debouncing');
    expect(stateLabel({ a: { b: 'c' }, d: 'e' })).toBe('a.b.c | d.e');
  });
});
