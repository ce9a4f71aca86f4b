import type { z } from 'zod';

/** A short message for one schema issue, without zod's "Invalid input:" prefix. */
export function describeZodIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_value') return `expected one of ${issue.values.map(String).join('|')}`;
  if (issue.code === 'invalid_type' && issue.path.length > 0 && /received undefined$/.test(issue.message)) {
    return `required ${issue.expected} is missing`;
  }
  return issue.message.replace(/^Invalid (input|option): /, '');
}

/** The dotted field path of an issue (`workflowStepResults.0.status`), or undefined for the record itself. */
export function issueFieldPath(issue: z.core.$ZodIssue): string | undefined {
  return issue.path.length ? issue.path.map(String).join('.') : undefined;
}
