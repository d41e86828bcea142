/**
 * ECharts with only what the sleep report draws: line (hypnogram, rates, movement, bed exits,
 * month trends), bar (month sleep), gauge (score), with grid, tooltip, legend, mark areas and
 * lines, on canvas. Named imports keep every other chart type out; loaded lazily by ReportChart,
 * so it travels with the report screens only.
 */
import { BarChart, GaugeChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkAreaComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

use([LineChart, BarChart, GaugeChart, GridComponent, TooltipComponent, LegendComponent, MarkAreaComponent, MarkLineComponent, CanvasRenderer]);

export { init };
