import { defineRoutes } from '../route';
import { EmptyRequest } from '../schemas/common';
import {
  ClaimFilesRequest,
  CreateGiftAidClaimRequest,
  CreateGiftAidClaimResponse,
  DonationSummaryResponse,
  ExportDeclarationsRequest,
  ExportDonationsRequest,
  ExportFilesResponse,
  ExportPayoutRequest,
  ListDonationsRequest,
  ListDonationsResponse,
  ListGiftAidClaimsResponse,
  ListPayoutsResponse,
  RefundDonationRequest,
  RefundDonationResponse,
} from '../schemas/donations';

/**
 * The charity's money (issue 33): its donations and their totals, exports (streamed to a private bucket,
 * fetched by a short-lived signed link), Gift Aid claims with HMRC's schedule, payouts and refunds. Every
 * route reads only the caller's own donations.
 */
export const donationRoutes = defineRoutes({
  'list-donations': {
    method: 'GET',
    path: '/api/me/donations',
    auth: 'charity',
    request: ListDonationsRequest,
    response: ListDonationsResponse,
    summary: "The caller's donations, newest first, 25 a page, optionally of one month.",
  },
  'get-donation-summary': {
    method: 'GET',
    path: '/api/me/donations/summary',
    auth: 'charity',
    request: EmptyRequest,
    response: DonationSummaryResponse,
    summary: 'Raised all time and this month, supporters, Gift Aid to claim, and the months with donations.',
  },
  'export-donations': {
    method: 'POST',
    path: '/api/me/donations/export',
    auth: 'charity',
    request: ExportDonationsRequest,
    response: ExportFilesResponse,
    timeoutSeconds: 29,
    summary: 'The donations CSV (UTF-8 with BOM, formula cells neutralised), streamed to the exports bucket.',
  },
  'export-gift-aid-declarations': {
    method: 'POST',
    path: '/api/me/gift-aid/declarations/export',
    auth: 'charity',
    request: ExportDeclarationsRequest,
    response: ExportFilesResponse,
    timeoutSeconds: 29,
    summary: 'The Gift Aid declarations CSV (the audit trail), streamed to the exports bucket.',
  },
  'create-gift-aid-claim': {
    method: 'POST',
    path: '/api/me/gift-aid/claims',
    auth: 'charity',
    request: CreateGiftAidClaimRequest,
    response: CreateGiftAidClaimResponse,
    timeoutSeconds: 29,
    summary:
      "Claims the period's unclaimed Gift Aid donations and writes HMRC's schedule (ODS, 1,000 rows a file).",
  },
  'list-gift-aid-claims': {
    method: 'GET',
    path: '/api/me/gift-aid/claims',
    auth: 'charity',
    request: EmptyRequest,
    response: ListGiftAidClaimsResponse,
    summary: "The caller's Gift Aid claims, newest first.",
  },
  'get-gift-aid-claim-files': {
    method: 'POST',
    path: '/api/me/gift-aid/claims/{claimId}/files',
    auth: 'charity',
    request: ClaimFilesRequest,
    response: ExportFilesResponse,
    timeoutSeconds: 29,
    summary: "A claim's schedule files again (the same donations: a re-issue on purpose).",
  },
  'list-payouts': {
    method: 'GET',
    path: '/api/me/payouts',
    auth: 'charity',
    request: EmptyRequest,
    response: ListPayoutsResponse,
    summary: "The caller's payouts from Stripe, newest first.",
  },
  'export-payout': {
    method: 'POST',
    path: '/api/me/payouts/{payoutId}/export',
    auth: 'charity',
    request: ExportPayoutRequest,
    response: ExportFilesResponse,
    timeoutSeconds: 29,
    summary: "A payout's donations as CSV, summing exactly to the payout.",
  },
  'refund-donation': {
    method: 'POST',
    path: '/api/me/donations/{donationId}/refund',
    auth: 'charity',
    request: RefundDonationRequest,
    response: RefundDonationResponse,
    timeoutSeconds: 20,
    summary:
      'Refunds a paid donation within 30 days (transfer reversed, tip and fee returned); emails the donor.',
  },
});

/** The charity's money routes that call the payment provider (and so read its secret key). */
export const donationPaymentRouteIds = ['refund-donation'] as const;
