import { useEffect, useRef, useState } from 'react';
import type { PreviewFrame, worldPaths } from './map-preview';
import type { WorldPreviewReply, WorldPreviewRequest } from './world-preview.worker';

type WorldPaths = ReturnType<typeof worldPaths>;

/**
 * The base map's land and borders in this frame, drawn in a Web Worker; null until they arrive, and where the
 * browser has no worker or the countries do not load (the still map then shows coverage on plain water).
 */
export function useWorldPreview(frame: PreviewFrame): WorldPaths | null {
  const key = `${frame.x0},${frame.y0},${frame.scale}`;
  const [result, setResult] = useState<{ key: string; paths: WorldPaths } | null>(null);
  const workerRef = useRef<Worker | null>(null);
  const requestRef = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the frame's values, not its identity
  useEffect(() => {
    if (typeof Worker === 'undefined') return;
    workerRef.current ??= new Worker(new URL('./world-preview.worker.ts', import.meta.url), { type: 'module' });
    const worker = workerRef.current;
    const id = ++requestRef.current;
    const onReply = ({ data }: MessageEvent<WorldPreviewReply>) => {
      if (data.id === requestRef.current && 'paths' in data) setResult({ key, paths: data.paths });
    };
    worker.addEventListener('message', onReply);
    worker.postMessage({ id, frame } satisfies WorldPreviewRequest);
    return () => worker.removeEventListener('message', onReply);
  }, [key]);

  useEffect(
    () => () => {
      workerRef.current?.terminate();
      workerRef.current = null;
    },
    [],
  );

  return result?.key === key ? result.paths : null;
}
