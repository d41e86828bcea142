/**
 * ECharts with only what the live chart draws (line chart, grid, tooltip, legend, canvas):
 * named imports so the bundler leaves every other chart type out. Loaded lazily by LiveChart.
 */
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

use([LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export { init };
