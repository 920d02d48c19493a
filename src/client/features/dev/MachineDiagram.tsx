/**
 * A machine's statechart drawn by mermaid (loaded on first use: it is large), with the active
 * states highlighted. Redrawn whenever the diagram source changes; a stale drawing never
 * replaces a newer one.
 */
import { Callout, Spinner } from '@blueprintjs/core';
import { useEffect, useId, useRef, useState } from 'react';
import type { AnyStateMachine } from 'xstate';
import { activeNodeIds, stateDiagram } from '../../../../machines/stateDiagram';
import { useTheme } from '../../app/theme';

let mermaidLoaded: Promise<typeof import('mermaid').default> | null = null;
const loadMermaid = () => (mermaidLoaded ??= import('mermaid').then((m) => m.default));

export function MachineDiagram({ machine, value }: { machine: AnyStateMachine; value: unknown }) {
  const theme = useTheme();
  const id = `kosh-diagram-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const source = stateDiagram(machine, value === undefined ? [] : activeNodeIds(value as never));
  const host = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<{ drawing: boolean; error?: string }>({ drawing: true });
  const drawn = useRef(0);

  useEffect(() => {
    const ticket = ++drawn.current;
    loadMermaid()
      .then(async (mermaid) => {
        mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: theme === 'dark' ? 'dark' : 'default' });
        const { svg } = await mermaid.render(`${id}-${ticket}`, source);
        if (ticket !== drawn.current || !host.current) return;
        host.current.innerHTML = svg;
        setStatus({ drawing: false });
      })
      .catch((error: unknown) => {
        if (ticket === drawn.current) setStatus({ drawing: false, error: error instanceof Error ? error.message : String(error) });
      });
  }, [id, source, theme]);

  return (
    <div className="kosh-inspector__diagram">
      {status.drawing && <Spinner size={24} />}
      {status.error && (
        <Callout intent="warning" title="The diagram could not be drawn">
          {status.error}
        </Callout>
      )}
      <div ref={host} data-testid="machine-diagram" aria-label={`Statechart of ${machine.id}`} role="img" />
    </div>
  );
}
