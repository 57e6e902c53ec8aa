import type { MapStation } from '@fixpoint/shared';
import { answerRequests } from './answer-requests';
import { coverageTiers } from './coverage-geometry';

// Merging a thousand stations' circles takes seconds (bench/map-coverage): off the main thread, the page stays usable.
answerRequests((stations: MapStation[]) => coverageTiers(stations));
