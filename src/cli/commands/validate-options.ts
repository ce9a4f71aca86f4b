import type { RatingScale } from '../../core/index.js';
import type { SourceOptionValues } from '../options/source-options.js';

/** The flags `taskeval validate` takes, as commander gives them. */
export interface ValidateOptions extends SourceOptionValues {
  results?: string[];
  run?: string[];
  db?: string;
  labels?: string;
  /** With --labels store: only this rater's ratings, and which scale's. */
  rater?: string;
  scale?: RatingScale;
  label?: string;
  bad?: string;
  outcomes?: boolean;
  window: string;
  minLines: string;
  size: string;
  allowHindsight?: boolean;
  iterations: string;
  seed: string;
  json?: boolean;
  /** false with --no-save. */
  save: boolean;
}
