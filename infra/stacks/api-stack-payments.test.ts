import { donationPaymentRouteIds } from '@shared/api/route-groups/donations';
import { givingPaymentRouteIds } from '@shared/api/route-groups/giving';
import { paymentProviderRouteIds } from '@shared/api/route-groups/preferences';
import type { Template } from 'aws-cdk-lib/assertions';
import type { AppFunction } from '../constructs/app-function';
import { apiTemplate, logicalIdOf, synthApp, validationViolations } from '../testing/synth-app';

const SECRET_ARN = 'arn:aws:secretsmanager:eu-west-2:123456789012:secret:kindred/stripe-secret-key-AbC123';

function functionProps(template: Template, fn: AppFunction) {
  const id = logicalIdOf(fn.function);
  return template.toJSON().Resources[id].Properties as {
    Environment: { Variables: Record<string, unknown> };
  };
}

/** The statements of the inline policies attached to a function's role. */
function roleStatements(template: Template, fn: AppFunction) {
  const roleId = logicalIdOf(fn.role);
  return Object.values(template.findResources('AWS::IAM::Policy'))
    .filter((p) => JSON.stringify(p.Properties.Roles).includes(roleId))
    .flatMap((p) => p.Properties.PolicyDocument.Statement as { Action: unknown; Resource: unknown }[]);
}

describe('api stack payments', () => {
  it('runs every function in stripe mode, and without the secret no function can read any secret', () => {
    const { api, assembly } = synthApp();
    const template = apiTemplate(api);
    for (const fn of api.functions.values()) {
      const variables = functionProps(template, fn).Environment.Variables;
      expect(variables.PAYMENTS_MODE).toBe('stripe');
      expect(variables.PAYMENTS_SECRET_ARN).toBeUndefined();
      expect(JSON.stringify(roleStatements(template, fn))).not.toContain('secretsmanager');
    }
    expect(validationViolations(assembly)).toEqual([]);
  });

  it('gives exactly the payment-provider routes the secret ARN and read access to that one secret', () => {
    // The binding refuses anything but a complete secret ARN, and binds once (checked on this synthesis).
    const { api, assembly } = synthApp({
      beforeSynth: ({ api }) => {
        expect(() => api.connectPaymentsSecret('kindred/stripe-secret-key')).toThrow(
          /complete Secrets Manager ARN/,
        );
        expect(() =>
          api.connectPaymentsSecret('arn:aws:secretsmanager:eu-west-2:123456789012:secret:kindred/stripe'),
        ).toThrow(/complete Secrets Manager ARN/);
        api.connectPaymentsSecret(SECRET_ARN);
        expect(() => api.connectPaymentsSecret(SECRET_ARN)).toThrow(/already configured/);
      },
    });
    const template = apiTemplate(api);
    const providerIds = new Set<string>([
      ...paymentProviderRouteIds,
      ...givingPaymentRouteIds,
      ...donationPaymentRouteIds,
    ]);
    expect(providerIds.size).toBe(6);
    for (const [id, fn] of api.functions) {
      const variables = functionProps(template, fn).Environment.Variables;
      const statements = roleStatements(template, fn);
      const secretStatements = statements.filter((s) => JSON.stringify(s.Action).includes('secretsmanager'));
      if (providerIds.has(id)) {
        expect(variables.PAYMENTS_SECRET_ARN).toBe(SECRET_ARN);
        expect(secretStatements).toEqual([
          expect.objectContaining({ Action: 'secretsmanager:GetSecretValue', Resource: SECRET_ARN }),
        ]);
      } else {
        expect(variables.PAYMENTS_SECRET_ARN).toBeUndefined();
        expect(secretStatements).toEqual([]);
      }
    }
    // cdk-nag stays clean: the grant names one secret, no wildcard.
    expect(validationViolations(assembly)).toEqual([]);
  });
});
