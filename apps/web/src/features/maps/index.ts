// The maps feature's public face: other features (marketplace) draw coverage through this component.
export { CoverageMap } from './components/coverage-map';
