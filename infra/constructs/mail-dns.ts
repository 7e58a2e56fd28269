import { CfnOutput, Duration, Stack } from 'aws-cdk-lib';
import * as route53 from 'aws-cdk-lib/aws-route53';
import type * as ses from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';

/** Props of {@link MailDnsRecords}. */
export interface MailDnsRecordsProps {
  readonly identity: ses.EmailIdentity;
  readonly mailDomain: string;
  readonly mailFromDomain: string;
  /** When given, the records are published in this Route 53 zone; otherwise only the outputs say them. */
  readonly hostedZone?: { readonly id: string; readonly name: string };
}

/** The DMARC policy published for the mail domain (quarantine what fails SPF and DKIM alignment). */
export const DMARC_VALUE = 'v=DMARC1; p=quarantine';

/**
 * The mail domain's DNS: three DKIM CNAMEs (Easy DKIM), the MAIL FROM domain's MX and SPF, and DMARC. Each is
 * a stack output (`Dns…`, name and value, so the operator publishes them at any DNS provider), and a Route 53
 * record when the stage names a hosted zone.
 */
export class MailDnsRecords extends Construct {
  constructor(scope: Construct, id: string, props: MailDnsRecordsProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const mxValue = `10 feedback-smtp.${stack.region}.amazonses.com`;
    const spf = 'v=spf1 include:amazonses.com ~all';
    const dmarcName = `_dmarc.${props.mailDomain}`;
    const output = (key: string, value: string, description: string) =>
      new CfnOutput(stack, `Dns${key}`, { value, description });

    props.identity.dkimRecords.forEach((record, i) => {
      output(`Dkim${i + 1}`, `${record.name} CNAME ${record.value}`, `DKIM record ${i + 1} (CNAME)`);
    });
    output('MailFromMx', `${props.mailFromDomain} MX ${mxValue}`, 'MAIL FROM domain: MX');
    output('MailFromSpf', `${props.mailFromDomain} TXT "${spf}"`, 'MAIL FROM domain: SPF (TXT)');
    output('Dmarc', `${dmarcName} TXT "${DMARC_VALUE}"`, 'DMARC policy (TXT)');

    if (!props.hostedZone) return;
    const zone = route53.HostedZone.fromHostedZoneAttributes(this, 'Zone', {
      hostedZoneId: props.hostedZone.id,
      zoneName: props.hostedZone.name,
    });
    const ttl = Duration.hours(1);
    props.identity.dkimRecords.forEach((record, i) => {
      new route53.CnameRecord(this, `Dkim${i + 1}`, {
        zone,
        // SES gives the full name; the trailing dot keeps Route 53 from appending the zone to it again.
        recordName: `${record.name}.`,
        domainName: record.value,
        ttl,
      });
    });
    new route53.MxRecord(this, 'MailFromMx', {
      zone,
      recordName: props.mailFromDomain,
      values: [{ priority: 10, hostName: `feedback-smtp.${stack.region}.amazonses.com` }],
      ttl,
    });
    new route53.TxtRecord(this, 'MailFromSpf', {
      zone,
      recordName: props.mailFromDomain,
      values: [spf],
      ttl,
    });
    new route53.TxtRecord(this, 'Dmarc', { zone, recordName: dmarcName, values: [DMARC_VALUE], ttl });
  }
}
