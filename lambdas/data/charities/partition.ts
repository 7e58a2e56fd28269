/** The charity's partition: every item of its account lives under `CHARITY#<userId>`. */
export const charityPk = (userId: string) => `CHARITY#${userId}`;

/** The key of one item of the charity's partition. */
export const charityItemKey = (userId: string, SK: string) => ({ PK: charityPk(userId), SK });
