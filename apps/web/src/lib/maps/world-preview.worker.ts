import { answerRequests } from './answer-requests';
import { type PreviewFrame, worldPaths } from './map-preview';
import { loadWorld } from './world';

// Reading the 1:50m countries and drawing them takes a few hundred milliseconds on a phone: off the main thread, so
// the page around the still map answers at once (decision 0056). The same file the live map loads, from the cache.
// Null when the countries do not load.
answerRequests((frame: PreviewFrame) =>
  loadWorld().then(
    (world) => worldPaths(world, frame),
    () => null,
  ),
);
