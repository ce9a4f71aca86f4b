/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { FC } from 'hono/jsx';
import { evidenceAnchor } from '../format.js';

/** A cited evidence id; the client script scrolls to and highlights the item (plain `#` link without script). */
export const CitationLink: FC<{ id: string; known?: boolean }> = ({ id, known = true }) =>
  known ? (
    <a
      class="citation"
      href={`#${encodeURIComponent(evidenceAnchor(id))}`}
      data-target={evidenceAnchor(id)}
      data-evidence-id={id}
    >
      {id}
    </a>
  ) : (
    <span class="citation badge flag" title="cited by the judge but not in the bundle">
      {id} (unknown)
    </span>
  );
