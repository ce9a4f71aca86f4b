/**
 * The dashboard's only client script, served at /assets/app.js: citation links that scroll to and
 * highlight their evidence item, a banner when live events arrive, and the "start a run" button.
 * Plain ES2020 so it runs as is in any current browser.
 */
export const APP_SCRIPT = String.raw`(() => {
  'use strict';
  function highlight(id, scroll) {
    var target = document.getElementById(id);
    if (!target) return false;
    document.querySelectorAll('.evidence-item.highlighted').forEach(function (el) { el.classList.remove('highlighted'); });
    var details = target.closest('details');
    if (details) details.open = true;
    target.classList.add('highlighted');
    target.setAttribute('tabindex', '-1');
    if (scroll) target.scrollIntoView({ block: 'center', behavior: 'smooth' });
    target.focus({ preventScroll: true });
    return true;
  }
  document.addEventListener('click', function (event) {
    var link = event.target instanceof Element ? event.target.closest('a.citation') : null;
    if (!link) return;
    var id = link.getAttribute('data-target');
    if (id && highlight(id, true)) {
      event.preventDefault();
      history.replaceState(null, '', '#' + encodeURIComponent(id));
    }
  });
  if (location.hash.length > 1) highlight(decodeURIComponent(location.hash.slice(1)), true);

  var body = document.body;
  var banner = document.getElementById('live-banner');
  if (banner && body.getAttribute('data-live') === 'on' && 'EventSource' in window) {
    var text = banner.querySelector('.live-text');
    var runFilter = body.getAttribute('data-run') || '';
    var seen = 0;
    var source = new EventSource('/api/events');
    function show(message) {
      if (text) text.textContent = message;
      banner.classList.add('visible');
    }
    source.addEventListener('run', function (e) {
      var data = JSON.parse(e.data);
      if (runFilter && data.runId !== runFilter) return;
      show('Run ' + data.runId + ' is ' + data.status + '.');
    });
    source.addEventListener('result', function (e) {
      var data = JSON.parse(e.data);
      if (runFilter && data.runId !== runFilter) return;
      seen += 1;
      show(seen + ' new result' + (seen === 1 ? '' : 's') + ' (latest ' + data.taskId + ').');
    });
    window.addEventListener('beforeunload', function () { source.close(); });
  }
  var reload = document.getElementById('live-reload');
  if (reload) reload.addEventListener('click', function () { location.reload(); });

  var start = document.getElementById('start-run');
  if (start) {
    start.addEventListener('click', function () {
      var out = document.getElementById('start-run-status');
      start.disabled = true;
      fetch('/api/runs', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
        .then(function (res) { return res.json().then(function (json) { return { ok: res.ok, json: json }; }); })
        .then(function (r) {
          if (r.ok) { location.href = '/runs/' + encodeURIComponent(r.json.runId); return; }
          if (out) out.textContent = r.json.message || 'could not start a run';
          start.disabled = false;
        })
        .catch(function () { if (out) out.textContent = 'could not reach the server'; start.disabled = false; });
    });
  }
})();
`;
