import { useParams } from 'react-router';
import { CharityPublicPage } from '@/features/charity-page/components/charity-page';

/** Lazy route module: a live charity's public page, `/charities/:registrationNumber`. */
export function Component() {
  const { registrationNumber = '' } = useParams();
  return <CharityPublicPage key={registrationNumber} registrationNumber={registrationNumber} />;
}
