import { z } from 'zod';
import { userPatternProblem } from './compile-user-pattern.js';

/** A regular expression from configuration: JavaScript source that RE2's linear-time engine also runs. */
export const UserPatternSchema = z
  .string()
  .min(1)
  .superRefine((source, ctx) => {
    const problem = userPatternProblem(source);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
