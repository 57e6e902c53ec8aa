import { type PreviewFrame, worldPaths } from './map-preview';
import { loadWorld } from './world';

export interface WorldPreviewRequest {
  id: number;
  frame: PreviewFrame;
}

export type WorldPreviewReply = { id: number; paths: ReturnType<typeof worldPaths> } | { id: number; failed: true };

// Reading the 1:50m countries and drawing them takes a few hundred milliseconds on a phone: off the main thread, so
// the page around the still map answers at once (decision 0056). The same file the live map loads, from the cache.
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<WorldPreviewRequest>) => void) | null;
  postMessage(reply: WorldPreviewReply): void;
};
scope.onmessage = ({ data }) => {
  loadWorld().then(
    (world) => scope.postMessage({ id: data.id, paths: worldPaths(world, data.frame) }),
    () => scope.postMessage({ id: data.id, failed: true }),
  );
};
