import { defineRoutes } from '../route';
import { EmptyRequest, SuccessMessageResponse } from '../schemas/common';
import {
  StartTwoStepSetupRequest,
  StartTwoStepSetupResponse,
  TurnOffTwoStepRequest,
  TurnOnTwoStepRequest,
  TwoStepStatusResponse,
} from '../schemas/two-step';

/**
 * Two-step sign-in (issue 30): the app's own routes for Cognito's software-token MFA. The browser cannot call
 * those Cognito operations itself (WAF on the user pool; the local `/cognito` refuses them), so these check
 * the caller, do the calls and mail the sign-in address.
 */
export const twoStepRoutes = defineRoutes({
  'get-two-step-status': {
    method: 'GET',
    path: '/api/me/security/two-step',
    auth: 'charity',
    request: EmptyRequest,
    response: TwoStepStatusResponse,
    summary: 'Whether two-step sign-in is on for the caller (read from Cognito).',
  },
  'start-two-step-setup': {
    method: 'POST',
    path: '/api/me/security/two-step/setup',
    auth: 'charity',
    request: StartTwoStepSetupRequest,
    response: StartTwoStepSetupResponse,
    summary: "A new authenticator secret (AssociateSoftwareToken with the caller's own access token).",
  },
  'turn-on-two-step': {
    method: 'POST',
    path: '/api/me/security/two-step/on',
    auth: 'charity',
    request: TurnOnTwoStepRequest,
    response: SuccessMessageResponse,
    summary:
      'Confirms the secret with a code, turns TOTP on, ends every session and mails the sign-in address.',
  },
  'turn-off-two-step': {
    method: 'POST',
    path: '/api/me/security/two-step/off',
    auth: 'charity',
    request: TurnOffTwoStepRequest,
    response: SuccessMessageResponse,
    summary: 'With the password and a current code, turns TOTP off and mails the sign-in address.',
  },
});
