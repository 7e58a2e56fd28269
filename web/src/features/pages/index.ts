export { MainPageTab, type SetupTabProps } from './components/main-page-tab';
