/** What other features may use of the error screens: the 404 page. */
export { NotFound } from './components/not-found';
