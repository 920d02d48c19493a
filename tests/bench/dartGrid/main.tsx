/**
 * The dart grid bench page: the public-runs grid (LiveGrid with the page's columns) holding 10,000
 * quotes inside the app's real system, fed `updates` messages through the same live-message bus the
 * socket feeds. `window.dartBench.run(rowsPerSecond, seconds, onScreenOnly)` publishes price changes
 * at that rate (to any row, or only to rows on screen) and answers the frames per second painted meanwhile.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { EoiView } from '../../../src/shared/contracts/trading';
import { createSystem, SystemProvider } from '../../../src/client/app/system';
import { quoteColumns } from '../../../src/client/features/dart/dartColumns';
import { LiveGrid } from '../../../src/client/features/dart/LiveGrid';
import { eoi } from '../../../src/client/features/dart/testing';
import '../../../src/client/features/dart/dart.css';

const ROWS = 10_000;
/** Rows the 900 px viewport shows: updates aimed at them all repaint and flash. */
const ON_SCREEN = 30;
/** Messages per second; each carries rowsPerSecond / MESSAGES_PER_SECOND rows, as a busy feed batches them. */
const MESSAGES_PER_SECOND = 50;

const rows: EoiView[] = Array.from({ length: ROWS }, (_, i) => eoi(i + 1, { quote_type: i % 2 ? 'ASK' : 'BID' }));
const system = createSystem(() => undefined);
const columns = quoteColumns({ showClient: true });
const rowId = (row: EoiView) => String(row.id);

function run(
  rowsPerSecond: number,
  seconds: number,
  onScreenOnly = false,
): Promise<{ fps: number; longFrames: number; published: number }> {
  return new Promise((resolve) => {
    let frames = 0;
    let longFrames = 0;
    let published = 0;
    let last = performance.now();
    const started = last;
    const perMessage = rowsPerSecond / MESSAGES_PER_SECOND;
    const feed =
      perMessage > 0
        ? setInterval(() => {
            const batch = Array.from({ length: perMessage }, () => {
              const id = 1 + Math.floor(Math.random() * (onScreenOnly ? ON_SCREEN : ROWS));
              const price = 95 + Math.random() * 10;
              return {
                id: String(id),
                unit_price_stored: Number(price.toFixed(4)),
                yield_stored: Number((0.07 + Math.random() / 50).toFixed(6)),
              };
            });
            published += batch.length;
            system.liveMessages.publish({ type: 'updates', topic: 'eois', rows: batch });
          }, 1000 / MESSAGES_PER_SECOND)
        : undefined;
    const frame = (now: number) => {
      frames += 1;
      if (now - last > 1000 / 30) longFrames += 1;
      last = now;
      if (now - started < seconds * 1000) requestAnimationFrame(frame);
      else {
        clearInterval(feed);
        resolve({ fps: (frames * 1000) / (now - started), longFrames, published });
      }
    };
    requestAnimationFrame(frame);
  });
}

function ready(): boolean {
  return document.querySelectorAll('.ag-row').length > 0;
}

declare global {
  interface Window {
    dartBench: { run: typeof run; ready: typeof ready };
  }
}
window.dartBench = { run, ready };

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SystemProvider system={system}>
      <LiveGrid<EoiView> label="Public runs" rows={rows} columnDefs={columns} rowId={rowId} topics={['eois']} empty="" />
    </SystemProvider>
  </StrictMode>,
);
