import type { MapStation } from '@fixpoint/shared';
import { coverageTiers } from './coverage-geometry';

export interface CoverageRequest {
  id: number;
  stations: MapStation[];
}

export interface CoverageReply {
  id: number;
  coverage: ReturnType<typeof coverageTiers>;
}

// Merging a thousand stations' circles takes seconds (bench/map-coverage): off the main thread, the page stays usable.
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<CoverageRequest>) => void) | null;
  postMessage(reply: CoverageReply): void;
};
scope.onmessage = ({ data }) => scope.postMessage({ id: data.id, coverage: coverageTiers(data.stations) });
