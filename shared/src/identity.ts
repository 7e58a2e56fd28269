/** Identity facts shared by the CDK app, the local cloud, the trigger and the web. */
export const USER_TYPE_ATTRIBUTE = 'custom:user_type';
export const UserType = { Charity: 'charity', Donor: 'donor' } as const;
export type UserType = (typeof UserType)[keyof typeof UserType];

/** App client names: the pre-token-generation trigger recognises the charity portal by its name. */
export const AppClientName = { Charity: 'charity-portal', Donor: 'donor' } as const;

/** Error the trigger throws; Cognito reports it as `PreTokenGeneration failed with error NOT_CHARITY_USER.` */
export const NOT_CHARITY_USER = 'NOT_CHARITY_USER';
