/**
 * ECharts with only what the response-time chart draws (bar chart, grid, tooltip, legend,
 * canvas): named imports so the bundler leaves every other chart type out. Loaded lazily.
 */
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

use([BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export { init };
