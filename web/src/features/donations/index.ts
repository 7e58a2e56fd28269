/** The charity's money (issue 33): the donations page (its own route module). */
export { DonationsPage } from './components/donations-page';
