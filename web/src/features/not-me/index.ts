export { NotMePage, NotMeText } from './components/not-me-page';
