export { ExploreTab } from './components/explore-tab';
