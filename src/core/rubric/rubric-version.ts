/** Version of the written rubric (docs/rubric.md); bump whenever a rule, base, cap or point value changes. */
export const RUBRIC_VERSION = 'rubric-6';
