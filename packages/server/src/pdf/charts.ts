import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkAreaComponent, MarkLineComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import SVGtoPDF from 'svg-to-pdfkit';
import { COLORS, type PdfPage } from './page.ts';

// Only the chart types the PDF layouts draw (as the console imports ECharts per chart type).
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, MarkAreaComponent, MarkLineComponent, SVGRenderer]);

/** The option object of one chart (ECharts' own type, for the chart types registered above). */
export type ChartOption = echarts.EChartsCoreOption;

/** Colours of the chart series: readable in print and in greyscale. */
export const CHART_COLORS = ['#1d5fbf', '#d9480f', '#2b8a3e', '#7048e8', '#868e96'];

/** Renders a chart with ECharts' server-side SVG renderer (no DOM, no canvas). */
export function chartSvg(option: ChartOption, width: number, height: number): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption({ animation: false, color: CHART_COLORS, textStyle: { fontFamily: 'sans-serif', color: COLORS.text }, ...option });
    // Labels get a white halo drawn under them (paint-order), which svg-to-pdfkit would paint over the text.
    return chart.renderToSVGString().replace(/(<text[^>]*?) stroke="[^"]*" stroke-width="[^"]*" paint-order="stroke"/g, '$1');
  } finally {
    chart.dispose();
  }
}

/** Draws a titled chart at the cursor across the page width, as vectors, and moves below it. */
export function drawChart(page: PdfPage, title: string, option: ChartOption, height = 170): void {
  page.ensureSpace(height + 24);
  page.text(title, { size: 10, bold: true });
  const top = page.y + 2;
  const svg = chartSvg(option, Math.round(page.width), height);
  const font = page.chartFont();
  SVGtoPDF(page.doc, svg, page.left, top, { width: page.width, height, assumePt: true, fontCallback: () => font });
  page.doc.x = page.left;
  page.doc.y = top + height + 6;
}
