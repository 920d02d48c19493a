/**
 * Panels on a twelve-column grid that the user rearranges and resizes: drag a panel's title onto
 * another, or use its Move earlier / Move later buttons; drag the corner handle, or focus it and
 * use the arrow keys. Every change goes to `onChange` (the page persists it).
 */
import { Button, H5 } from '@blueprintjs/core';
import { useRef, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { COLUMNS, movePanel, movePanelTo, resizePanel, type DartLayout, type DartPanelId } from './dartLayout';

/** The height of one row unit in pixels (also in dart.css). */
const ROW_UNIT_PX = 180;

export interface DockLayoutProps {
  layout: DartLayout;
  onChange: (layout: DartLayout) => void;
  renderPanel: (id: DartPanelId) => ReactNode;
  /** Controls in a panel's header (its row actions). */
  renderActions?: (id: DartPanelId) => ReactNode;
}

const RESIZE_KEYS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

export function DockLayout({ layout, onChange, renderPanel, renderActions }: DockLayoutProps) {
  const grid = useRef<HTMLDivElement>(null);
  const resizing = useRef<{ id: DartPanelId; x: number; y: number; start: DartLayout; applied: [number, number] } | null>(null);

  const onResizeKey = (id: DartPanelId, event: KeyboardEvent) => {
    const step = RESIZE_KEYS[event.key];
    if (!step) return;
    event.preventDefault();
    onChange(resizePanel(layout, id, step[0], step[1]));
  };
  const onResizeStart = (id: DartPanelId, event: PointerEvent<HTMLElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    resizing.current = { id, x: event.clientX, y: event.clientY, start: layout, applied: [0, 0] };
  };
  const onResizeMove = (event: PointerEvent<HTMLElement>) => {
    const drag = resizing.current;
    if (!drag || !grid.current) return;
    const columnPx = grid.current.clientWidth / COLUMNS;
    const step: [number, number] = [Math.round((event.clientX - drag.x) / columnPx), Math.round((event.clientY - drag.y) / ROW_UNIT_PX)];
    if (step[0] === drag.applied[0] && step[1] === drag.applied[1]) return;
    drag.applied = step;
    onChange(resizePanel(drag.start, drag.id, step[0], step[1]));
  };

  // A title dropped on another panel moves its panel there (the pointer is captured by the title, so
  // the panel under it is found by position).
  const onMoveDrop = (id: DartPanelId, event: PointerEvent<HTMLElement>) => {
    const target = document.elementFromPoint(event.clientX, event.clientY)?.closest<HTMLElement>('[data-panel]')?.dataset.panel as
      DartPanelId | undefined;
    if (target && target !== id && layout.some((p) => p.id === target)) onChange(movePanelTo(layout, id, target));
  };

  return (
    <div className="kosh-dock" ref={grid}>
      {layout.map((panel, index) => (
        <section
          key={panel.id}
          className="kosh-dock__panel"
          style={{ gridColumn: `span ${panel.width}`, gridRow: `span ${panel.height}` }}
          aria-label={panel.title}
          data-panel={panel.id}
        >
          <header className="kosh-dock__head">
            <H5
              className="kosh-dock__title"
              title="Drag onto another panel to move it there"
              onPointerDown={(e) => e.currentTarget.setPointerCapture(e.pointerId)}
              onPointerUp={(e) => onMoveDrop(panel.id, e)}
            >
              {panel.title}
            </H5>
            <div className="kosh-dock__actions">{renderActions?.(panel.id)}</div>
            <Button
              size="small"
              variant="minimal"
              icon="chevron-left"
              aria-label={`Move ${panel.title} earlier`}
              disabled={index === 0}
              onClick={() => onChange(movePanel(layout, panel.id, -1))}
            />
            <Button
              size="small"
              variant="minimal"
              icon="chevron-right"
              aria-label={`Move ${panel.title} later`}
              disabled={index === layout.length - 1}
              onClick={() => onChange(movePanel(layout, panel.id, 1))}
            />
          </header>
          <div className="kosh-dock__body">{renderPanel(panel.id)}</div>
          <button
            type="button"
            className="kosh-dock__resize"
            aria-label={`Resize ${panel.title}: arrow keys change its width and height`}
            onKeyDown={(e) => onResizeKey(panel.id, e)}
            onPointerDown={(e) => onResizeStart(panel.id, e)}
            onPointerMove={onResizeMove}
            onPointerUp={() => {
              resizing.current = null;
            }}
          />
        </section>
      ))}
    </div>
  );
}
