import type { Comparison, RunReport, VrpSeries } from '@shared/contract';
import type { EChartsOption } from 'echarts';
import { accuracyBars, barsHeight, heatColour, heatText, lightChartTheme as theme, vrpRadar } from '@shared/reports/charts';
import { echarts } from '@shared/reports/echarts-setup';
import { ciText, clusterCiText, clusterNote, pairBootstrapText, pct1 as pct, tripletCount, verdictText } from '@shared/reports/format';
import { GROUP_TITLES, MMEVALPRO_COLUMNS, ROLES, vrpAxes } from '@shared/reports/tables';

const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Renders a chart to an SVG string with ECharts' server-side renderer (no DOM, no canvas). */
function svg(option: EChartsOption, width: number, height: number): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption(option);
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

function table(headers: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return `<table><thead><tr>${headers.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${
    rows.map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`).join('')}</tbody></table>`;
}

function groupSection(key: string, cells: RunReport['accuracy']['by'][string]): string {
  const labels = Object.keys(cells);
  const option = accuracyBars(theme, labels, [{ name: 'accuracy', cells: labels.map((l) => cells[l]) }]);
  return `<section><h2>Accuracy by ${esc(GROUP_TITLES[key] ?? key)}</h2>${svg(option, 760, barsHeight(labels.length))}${
    table([GROUP_TITLES[key] ?? key, 'n', 'correct', 'accuracy %', '95% CI (Wilson)', '95% CI (cluster bootstrap)'], labels.map((l) => {
      const c = cells[l]!;
      return [l, c.n, c.correct, pct(c.accuracy), ciText(c), clusterCiText(c)];
    }))}</section>`;
}

function heatmap({ conditional, conditional_n: n }: NonNullable<RunReport['mmevalpro']>['Micro_Average']): string {
  const head = `<tr><th>P(row right | column right)</th>${ROLES.map((r) => `<th>${r} (n=${n[r]})</th>`).join('')}</tr>`;
  const body = ROLES.map((x) => `<tr><th>${x}</th>${ROLES.map((y) => {
    if (n[y] === 0) return '<td class="heat">—</td>';
    const v = conditional[x][y];
    return `<td class="heat" style="background:${heatColour(v, theme)};color:${heatText(v, theme)}">${pct(v)}</td>`;
  }).join('')}</tr>`).join('');
  return `<table class="heatmap">${head}${body}</table>`;
}

function mmevalproSection(m: NonNullable<RunReport['mmevalpro']>): string {
  const rows = [
    ...Object.entries(m.bySource).map(([s, v]) => [s, ...MMEVALPRO_COLUMNS.map((c) => v[c.key]), tripletCount(v)]),
    ['Macro average', ...MMEVALPRO_COLUMNS.map((c) => m.Macro_Average[c.key]), ''],
    ['Micro average', ...MMEVALPRO_COLUMNS.map((c) => m.Micro_Average[c.key]), tripletCount(m.Micro_Average)],
  ];
  return `<section><h2>MMEvalPro</h2>${table(['source', ...MMEVALPRO_COLUMNS.map((c) => c.short), 'triplets'], rows)}
    <h3>Conditional accuracy (Micro)</h3>${heatmap(m.Micro_Average)}</section>`;
}

function circularSection(c: NonNullable<RunReport['circular']>): string {
  const labels = c.byCategory.map((g) => g.group);
  const option = accuracyBars(theme, ['overall', ...labels], [
    { name: 'single pass', cells: [c.singlePass, ...c.byCategory.map((g) => g.singlePass)] },
    { name: 'CircularEval', cells: [c.circular, ...c.byCategory.map((g) => g.circular)] },
  ]);
  return `<section><h2>CircularEval vs single pass</h2><p>${c.flagged} question(s) got a single flagged pass.</p>${svg(option, 760, barsHeight(labels.length + 1, 2))}</section>`;
}

function vrpSection(series: VrpSeries): string {
  const axes = vrpAxes(series);
  const option = vrpRadar(theme, axes.map((a) => a.label),
    series.map((s) => ({ name: s.name, values: axes.map((a) => s.by[a.key]?.[a.value]?.accuracy ?? null) })));
  return `<section><h2>VRP: accuracy per intervention level and relation value</h2>${svg(option, 760, 460)}</section>`;
}

function comparisonSection(c: Comparison): string {
  const option = accuracyBars(theme, c.runs.map((r) => r.name), [{ name: 'accuracy', cells: c.runs.map((r) => r.accuracy) }]);
  const name = (id: number) => c.runs.find((r) => r.id === id)?.name ?? String(id);
  return `<section><h2>Comparison on ${c.common} common questions</h2>${c.note ? `<p class="muted">${esc(c.note)}</p>` : ''}${svg(option, 760, barsHeight(c.runs.length))}
    ${table(['first', 'second', 'Δ points', 'only first right', 'only second right', 'McNemar p', 'paired cluster bootstrap', 'verdict (p < 0.05)'], c.pairs.map((p) => [
      name(p.first), name(p.second), pct(p.delta), p.mcnemar.onlyFirst, p.mcnemar.onlySecond, p.mcnemar.pValue.toPrecision(3),
      pairBootstrapText(p), verdictText(p),
    ]))}
    <h3>Questions they disagree on (${c.disagreements.total}${c.disagreements.total > c.disagreements.rows.length ? `, first ${c.disagreements.rows.length}` : ''})</h3>
    ${table(['question', 'gold', ...c.runs.map((r) => r.name)], c.disagreements.rows.map((d) => [
      d.text.slice(0, 160), d.gold, ...d.answers.map((a) => `${a.label ?? '—'} ${a.correct ? '✓' : '✗'}`),
    ]))}</section>`;
}

const STYLE = `body{font:14px/1.5 ${theme.font};color:${theme.text};background:#f6f7f9;margin:0;padding:32px}
main{max-width:840px;margin:0 auto;background:#fff;border:1px solid ${theme.grid};border-radius:8px;padding:28px 36px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 10px;border-top:1px solid ${theme.grid};padding-top:20px}
h3{font-size:14px;margin:18px 0 8px}.muted{color:${theme.muted}}.tiles{display:flex;gap:12px;flex-wrap:wrap;margin:16px 0}
.tile{border:1px solid ${theme.grid};border-radius:8px;padding:10px 14px;min-width:120px}.tile b{display:block;font-size:20px}
table{border-collapse:collapse;width:100%;margin:8px 0;font-size:13px}th,td{border-bottom:1px solid ${theme.grid};padding:4px 8px;text-align:left}
th{color:${theme.muted};font-weight:600}.heatmap{width:auto}.heatmap td.heat{width:90px;text-align:center;font-weight:600;border:2px solid #fff}
svg{display:block;max-width:100%;height:auto}footer{margin-top:28px;color:${theme.muted};font-size:12px}`;

export interface HtmlReportInput {
  report: RunReport;
  vrp: VrpSeries;
  comparison: Comparison | null;
  version: string;
  now: Date;
}

/** The whole report as one HTML file: styles inline, charts as inline SVG, no scripts, no network. */
export function renderHtmlReport({ report, vrp, comparison, version, now }: HtmlReportInput): string {
  const { run, coverage, accuracy } = report;
  const o = accuracy.overall;
  const tiles = [
    ['accuracy', `${pct(o.accuracy)}%`, `95% CI ${ciText(o)} (Wilson)${o.ci95Cluster ? `; ${clusterNote(o)}` : ''}`],
    ['scored', `${coverage.scored} / ${coverage.questions}`, `${coverage.errors} error(s), ${coverage.pending} pending`],
    ...(report.mmevalpro ? [['genuine accuracy', `${pct(report.mmevalpro.Micro_Average.genuine_accuracy_score)}%`, 'MMEvalPro, Micro']] : []),
    ['cost', run.cost === null ? '—' : `$${run.cost.toFixed(4)}`, `${run.tokensIn + run.tokensOut} tokens`],
  ];
  const sections = [
    ...Object.entries(accuracy.by).filter(([, cells]) => Object.keys(cells).length > 1).map(([key, cells]) => groupSection(key, cells)),
    report.mmevalpro ? mmevalproSection(report.mmevalpro) : '',
    report.circular ? circularSection(report.circular) : '',
    vrp.length ? vrpSection(vrp) : '',
    comparison ? comparisonSection(comparison) : '',
    `<section><h2>How answers were read</h2>${table(['path', 'answers'], Object.entries(report.extraction))}</section>`,
  ];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(run.name)} — Anchor Studio report</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>${STYLE}</style></head><body><main>
<h1>${esc(run.name)}</h1><div class="muted">${esc(run.model)} on ${esc(run.datasetName)} · prompt “${esc(run.templateName)}” (${esc(run.templateHash)})
${run.circular ? ' · CircularEval' : ''}${run.images ? '' : ' · images withheld'} · status ${esc(run.status)} · created ${esc(run.createdAt)}</div>
<div class="tiles">${tiles.map(([k, v, note]) => `<div class="tile"><span class="muted">${esc(k)}</span><b>${esc(v)}</b><span class="muted">${esc(note)}</span></div>`).join('')}</div>
${sections.join('\n')}
<footer>Anchor Studio ${esc(version)} · generated ${esc(now.toISOString())} · accuracies over scored questions with 95% Wilson intervals.</footer>
</main></body></html>`;
}
