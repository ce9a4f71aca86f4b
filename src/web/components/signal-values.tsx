/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { FC } from 'hono/jsx';

const MAX_VALUE_CHARS = 200;

function show(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (text === undefined) return String(value);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}…` : text;
}

/** The deterministic signal values the rubric read, one per row. */
export const SignalValues: FC<{ values: Readonly<Record<string, unknown>> }> = ({ values }) => {
  const entries = Object.entries(values);
  if (entries.length === 0) return <p class="muted small">No signal values were recorded.</p>;
  return (
    <div class="table-scroll">
      <table class="small" data-testid="signal-values">
        <tbody>
          {entries.map(([key, value]) => (
            <tr>
              <th class="mono">{key}</th>
              <td class="mono">{show(value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};
