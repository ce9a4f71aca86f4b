/** The dashboard's one stylesheet, served at /assets/app.css. */
export const APP_CSS = String.raw`
:root {
  --bg: #f7f7f5; --panel: #fff; --ink: #1d1f23; --muted: #62666d; --line: #dcdde0; --accent: #2754c5;
  --failing: #c0392b; --weak: #d9822b; --acceptable: #c9a400; --strong: #3f9b4f; --excellent: #1f7a8c;
  --highlight: #fff3b0; --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  color-scheme: light;
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--ink); font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
a { color: var(--accent); }
code, pre, .mono { font-family: var(--mono); font-size: 13px; }
header.top { background: var(--ink); color: #fff; padding: 0 16px; display: flex; align-items: center; gap: 20px; flex-wrap: wrap; min-height: 48px; }
header.top .brand { font-weight: 700; color: #fff; text-decoration: none; letter-spacing: .02em; }
header.top nav { display: flex; gap: 14px; flex-wrap: wrap; }
header.top nav a { color: #cfd3da; text-decoration: none; padding: 12px 0; border-bottom: 2px solid transparent; }
header.top nav a[aria-current="page"] { color: #fff; border-bottom-color: #fff; }
main { max-width: 1240px; margin: 0 auto; padding: 16px; }
h1 { font-size: 22px; margin: 8px 0 12px; }
h2 { font-size: 17px; margin: 0 0 10px; }
h3 { font-size: 15px; margin: 12px 0 6px; }
.panel { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 14px 16px; margin-bottom: 16px; min-width: 0; }
.grid { display: grid; gap: 16px; grid-template-columns: repeat(auto-fit, minmax(320px, 1fr)); }
.grid > .panel { margin-bottom: 0; }
.stack > * + * { margin-top: 16px; }
.muted { color: var(--muted); }
.small { font-size: 13px; }
.table-scroll { overflow-x: auto; -webkit-overflow-scrolling: touch; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { font-size: 13px; color: var(--muted); font-weight: 600; white-space: nowrap; }
th a { color: inherit; text-decoration: none; }
th[aria-sort] a { color: var(--ink); }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
tr:hover td { background: #fafbfc; }
.badge { display: inline-block; padding: 1px 7px; border-radius: 10px; font-size: 12px; font-weight: 600; white-space: nowrap; border: 1px solid transparent; }
.band-failing { background: #fbe3e0; color: var(--failing); }
.band-weak { background: #fcebd9; color: #9a5410; }
.band-acceptable { background: #faf3c8; color: #6e5a00; }
.band-strong { background: #dff1e2; color: #256b32; }
.band-excellent { background: #d9eef2; color: #15586a; }
.mode-det { background: #eceef2; color: #3c4250; border-color: #c7cbd3; }
.mode-hybrid { background: #e3eafc; color: #1f3f95; }
.status-completed, .status-scored { background: #dff1e2; color: #256b32; }
.status-running, .status-pending { background: #e3eafc; color: #1f3f95; }
.status-failed, .status-error { background: #fbe3e0; color: var(--failing); }
.status-cancelled, .status-skipped { background: #eceef2; color: #3c4250; }
.flag { background: #fff0d6; color: #8a4b00; border-color: #f0c98a; }
.bar { display: flex; align-items: center; gap: 6px; min-width: 92px; }
.bar-track { flex: 1; height: 8px; background: #eceef2; border-radius: 4px; overflow: hidden; min-width: 40px; }
.bar-fill { display: block; height: 100%; border-radius: 4px; }
.bar-track { display: block; }
.overall-cell { display: flex; align-items: center; gap: 6px; white-space: nowrap; }
.bar-fill.band-failing { background: var(--failing); } .bar-fill.band-weak { background: var(--weak); }
.bar-fill.band-acceptable { background: var(--acceptable); } .bar-fill.band-strong { background: var(--strong); }
.bar-fill.band-excellent { background: var(--excellent); }
.bar-value { font-variant-numeric: tabular-nums; min-width: 2.2em; text-align: right; font-weight: 600; }
.bar-value.band-failing, .bar-value.band-weak, .bar-value.band-acceptable, .bar-value.band-strong, .bar-value.band-excellent { background: none; }
.empty { text-align: center; padding: 36px 16px; color: var(--muted); }
.empty code { background: #eceef2; padding: 2px 6px; border-radius: 4px; color: var(--ink); }
.error-box { border-left: 4px solid var(--failing); background: #fdf1ef; padding: 10px 14px; border-radius: 4px; }
.note-box { border-left: 4px solid #8a93a3; background: #f1f2f5; padding: 10px 14px; border-radius: 4px; }
form.filters { display: flex; flex-wrap: wrap; gap: 10px; align-items: flex-end; }
form.filters label { display: flex; flex-direction: column; font-size: 12px; color: var(--muted); gap: 3px; min-width: 0; max-width: 100%; }
form.filters select { max-width: 100%; }
input, select, button { font: inherit; padding: 5px 8px; border: 1px solid var(--line); border-radius: 6px; background: #fff; color: var(--ink); }
input[type="number"] { width: 5.5em; }
input[type="search"] { min-width: 14em; }
button, .button { background: var(--accent); color: #fff; border-color: var(--accent); cursor: pointer; text-decoration: none; display: inline-block; padding: 5px 12px; border-radius: 6px; }
button.secondary, .button.secondary { background: #fff; color: var(--accent); }
.pager { display: flex; align-items: center; gap: 10px; flex-wrap: wrap; margin-top: 10px; }
.pager .disabled { color: var(--muted); pointer-events: none; text-decoration: none; }
.kv { display: grid; grid-template-columns: max-content 1fr; gap: 4px 14px; margin: 0; }
.kv dt { color: var(--muted); } .kv dd { margin: 0; overflow-wrap: anywhere; }
.score-head { display: flex; flex-wrap: wrap; align-items: center; gap: 12px; }
.score-big { font-size: 34px; font-weight: 700; font-variant-numeric: tabular-nums; }
.cat-grid { display: grid; gap: 12px; grid-template-columns: repeat(auto-fit, minmax(300px, 1fr)); }
.parts { display: grid; grid-template-columns: 1fr 1fr 1fr; gap: 8px; text-align: center; margin: 8px 0; }
.parts div { background: #f4f5f7; border-radius: 6px; padding: 6px 4px; }
.parts .part-value { font-size: 20px; font-weight: 700; font-variant-numeric: tabular-nums; }
.parts .part-label { font-size: 12px; color: var(--muted); }
.citations { display: flex; flex-wrap: wrap; gap: 6px; padding: 0; margin: 6px 0 0; list-style: none; }
a.citation { font-family: var(--mono); font-size: 12px; background: #eef2fc; padding: 1px 6px; border-radius: 4px; text-decoration: none; overflow-wrap: anywhere; }
.evidence-group { margin-bottom: 14px; }
.evidence-item { border: 1px solid var(--line); border-radius: 6px; padding: 8px 10px; margin: 6px 0; transition: background-color .3s, box-shadow .3s; scroll-margin-top: 80px; }
.evidence-item:target, .evidence-item.highlighted { background: var(--highlight); box-shadow: 0 0 0 3px #f5c400; }
.evidence-item .ev-head { display: flex; flex-wrap: wrap; gap: 8px; align-items: baseline; }
.evidence-item .ev-id { font-family: var(--mono); font-size: 12px; color: var(--muted); overflow-wrap: anywhere; }
.evidence-item pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: 6px 0 0; background: #f7f7f9; padding: 6px 8px; border-radius: 4px; }
.evidence-item .refs { font-size: 12px; color: var(--muted); margin-top: 4px; overflow-wrap: anywhere; }
.live-banner { display: none; position: sticky; top: 0; z-index: 5; background: #1f3f95; color: #fff; padding: 8px 16px; text-align: center; }
.live-banner.visible { display: block; }
.live-banner button { margin-left: 10px; background: #fff; color: #1f3f95; border-color: #fff; padding: 2px 10px; }
svg.chart { width: 100%; height: auto; display: block; }
svg.chart text { font-size: 11px; fill: var(--muted); font-family: inherit; }
.legend { display: flex; flex-wrap: wrap; gap: 12px; font-size: 13px; margin-top: 6px; }
.legend span::before { content: ""; display: inline-block; width: 12px; height: 3px; margin-right: 5px; vertical-align: middle; background: currentColor; }
.dist { display: grid; grid-template-columns: 6.5em 1fr 3em; gap: 6px 10px; align-items: center; }
.contrib-pos { color: #256b32; font-weight: 600; } .contrib-neg { color: var(--failing); font-weight: 600; }
.actions { display: flex; gap: 10px; align-items: center; flex-wrap: wrap; }
.task-id { white-space: nowrap; }
.whisker { display: inline-flex; align-items: center; gap: 6px; white-space: nowrap; }
table.cohorts .dist { min-width: 11em; }
ul.differences { margin: 0; padding-left: 1.2em; }
ul.differences li.unclear { color: var(--muted); }
ul.differences li.clear { font-weight: 600; }
.narrow-title { display: none; }
@media (max-width: 720px) {
  main { padding: 10px; }
  /* The title column is hidden on a phone: show the title under the id, wrapping at words, never mid-id. */
  .narrow-title { display: block; font-size: 12px; color: var(--muted); white-space: normal; overflow-wrap: break-word; min-width: 6.5em; max-width: 16em; }
  .grid, .cat-grid { grid-template-columns: 1fr; }
  .hide-narrow { display: none; }
  table.results .bar-track, table.results .overall-cell .badge { display: none; }
  table.results .bar { min-width: 0; }
  table.results .bar-value { min-width: 0; }
  table.results th { font-size: 11px; }
  /* The overall score is what a phone must show: the task cell wraps so the four scores fit beside it. */
  table.results th, table.results td { padding: 5px 4px; }
  .panel { padding-left: 10px; padding-right: 10px; }
  table.results .mode-det, table.results .mode-hybrid { white-space: normal; text-align: center; }
  th, td { padding: 5px 6px; }
  .score-big { font-size: 28px; }
  input[type="search"] { min-width: 0; width: 100%; }
  form.filters label { flex: 1 1 40%; }
}
`;
