/**
 * ECharts with only what the dashboard draws (bar, line and pie charts, grid, tooltip, legend,
 * canvas): named imports so the bundler leaves every other chart type out. Loaded lazily by StatChart.
 */
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

use([BarChart, LineChart, PieChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export { init };
