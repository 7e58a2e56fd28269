import { useParams } from 'react-router';
import { ThankYouPage } from '@/features/giving/components/thank-you-page';

/** Lazy route module: `/charities/:registrationNumber/thank-you`, where Stripe Checkout returns a donor. */
export function Component() {
  const { registrationNumber = '' } = useParams();
  return <ThankYouPage registrationNumber={registrationNumber} />;
}
