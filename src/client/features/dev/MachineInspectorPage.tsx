/**
 * /dev/machines: every running actor of this tab — its statechart with the current state
 * highlighted, its context and its last 50 events — updating live as the app runs. Reads the
 * recorder every app actor reports to (app/actorInspection); secrets arrive already masked.
 */
import { Callout, Card, H2, H4, HTMLTable, Menu, MenuItem, NonIdealState, Tag } from '@blueprintjs/core';
import { useState, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { actorRecorder, INSPECTED_EVENT_LIMIT, type InspectedActor, type InspectedEvent } from '../../app/actorInspection';
import { MachineDiagram } from './MachineDiagram';
import './MachineInspectorPage.css';

const NO_ACTORS: readonly InspectedActor[] = [];
const subscribeNowhere = () => () => undefined;

function useInspectedActors(): readonly InspectedActor[] {
  return useSyncExternalStore(actorRecorder?.subscribe ?? subscribeNowhere, actorRecorder?.actors ?? (() => NO_ACTORS));
}

/** A state value as the user reads it: `authenticated`, `lookup.debouncing`, `a.b | c.d`. */
export function stateLabel(value: unknown): string {
  if (value === undefined) return '—';
  if (typeof value === 'string') return value;
  return Object.entries(value as Record<string, unknown>)
    .map(([key, inner]) =>
      inner && typeof inner === 'object' && Object.keys(inner).length > 0
        ? `${key}.${stateLabel(inner)}`
        : typeof inner === 'string'
          ? `${key}.${inner}`
          : key,
    )
    .join(' | ');
}

const time = (at: number) => new Date(at).toISOString().slice(11, 23);
const json = (value: unknown) => JSON.stringify(value, null, 2) ?? 'undefined';

function EventRow({ event }: { event: InspectedEvent }) {
  const { type: _type, ...details } = (event.payload ?? {}) as Record<string, unknown>;
  const detailText = Object.keys(details).length ? JSON.stringify(details) : '';
  return (
    <tr>
      <td className="kosh-inspector__mono">{event.seq}</td>
      <td className="kosh-inspector__mono">{time(event.at)}</td>
      <td className="kosh-inspector__mono">{event.type}</td>
      <td>{event.source ?? 'app'}</td>
      <td className="kosh-inspector__mono kosh-inspector__payload" title={detailText}>
        {detailText}
      </td>
    </tr>
  );
}

function ActorDetails({ actor }: { actor: InspectedActor }) {
  const events = [...actor.events].reverse();
  return (
    <div className="kosh-inspector__details" data-testid="inspected-actor" data-actor={actor.name}>
      <div className="kosh-inspector__heading">
        <H4>{actor.name}</H4>
        <Tag intent="primary" large data-testid="actor-state">
          {stateLabel(actor.snapshot.value)}
        </Tag>
      </div>
      {actor.machine ? (
        <MachineDiagram machine={actor.machine} value={actor.snapshot.value} />
      ) : (
        <Callout icon="info-sign">This actor runs a promise, not a statechart: it has no diagram and no state to highlight.</Callout>
      )}
      <div className="kosh-inspector__columns">
        <Card className="kosh-inspector__context">
          <H4>Context</H4>
          <pre className="kosh-inspector__mono" data-testid="actor-context">
            {json(actor.snapshot.context)}
          </pre>
        </Card>
        <Card className="kosh-inspector__events">
          <H4>Last {INSPECTED_EVENT_LIMIT} events, newest first</H4>
          {events.length === 0 ? (
            <p className="bp6-text-muted">No events yet.</p>
          ) : (
            <HTMLTable compact striped className="kosh-inspector__table">
              <thead>
                <tr>
                  <th>#</th>
                  <th>Time (UTC)</th>
                  <th>Event</th>
                  <th>From</th>
                  <th>Details</th>
                </tr>
              </thead>
              <tbody data-testid="actor-events">
                {events.map((e) => (
                  <EventRow key={e.seq} event={e} />
                ))}
              </tbody>
            </HTMLTable>
          )}
        </Card>
      </div>
    </div>
  );
}

export function MachineInspectorPage() {
  const actors = useInspectedActors();
  const [params] = useSearchParams();
  const [chosen, choose] = useState<string | null>(null);
  const selected = actors.find((a) => a.sessionId === chosen) ?? actors.find((a) => a.name === params.get('actor')) ?? actors[0];
  return (
    <main className="kosh-page kosh-inspector">
      <H2>Machine inspector</H2>
      <Callout icon="diagram-tree" className="kosh-inspector__intro">
        The statecharts running in this tab, updating live. Secrets in contexts and events are masked. Diagrams and tests are generated from
        the same machines (docs/machines).
      </Callout>
      {actors.length === 0 || !selected ? (
        <NonIdealState icon="diagram-tree" title="No running actors" description="Actors appear here as soon as the app starts them." />
      ) : (
        <div className="kosh-inspector__layout">
          <Menu className="kosh-inspector__actors" aria-label="Running actors">
            {actors.map((a) => (
              <MenuItem
                key={a.sessionId}
                active={a === selected}
                icon={a.machine ? 'diagram-tree' : 'time'}
                text={
                  <>
                    <span className="kosh-inspector__actor-name">{a.name}</span>
                    <span className="bp6-text-muted bp6-text-small">{stateLabel(a.snapshot.value)}</span>
                  </>
                }
                onClick={() => choose(a.sessionId)}
              />
            ))}
          </Menu>
          <ActorDetails actor={selected} />
        </div>
      )}
    </main>
  );
}
