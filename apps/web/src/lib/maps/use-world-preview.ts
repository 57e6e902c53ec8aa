import type { PreviewFrame, worldPaths } from './map-preview';
import { useWorkerAnswer } from './worker-requests';

type WorldPaths = ReturnType<typeof worldPaths>;

/**
 * The base map's land and borders in this frame, drawn in a Web Worker; null until they arrive, and where the
 * browser has no worker or the countries do not load (the still map then shows coverage on plain water).
 */
export function useWorldPreview(frame: PreviewFrame): WorldPaths | null {
  const key = `${frame.x0},${frame.y0},${frame.scale}`;
  const result = useWorkerAnswer<PreviewFrame, WorldPaths | null>({
    key,
    request: () => frame,
    startWorker: () => new Worker(new URL('./world-preview.worker.ts', import.meta.url), { type: 'module' }),
  });
  return result?.key === key ? result.answer : null;
}
