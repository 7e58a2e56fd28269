import type { RegisterDonorRequest } from '@shared/api/schemas/donor';
import { callApi } from '@/lib/api';

/** Creates the donor account that holds a place on the waitlist (public route). */
export async function registerDonor(input: RegisterDonorRequest): Promise<void> {
  await callApi('register-donor', input);
}
