import * as echarts from 'echarts/core';
import { BarChart, CustomChart, RadarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, RadarComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

// Only what our charts use, so the renderer bundle stays small; SVG everywhere: crisp at any zoom and the same output
// in the app and in exported HTML.
echarts.use([BarChart, CustomChart, RadarChart, GridComponent, LegendComponent, RadarComponent, TooltipComponent, SVGRenderer]);

export { echarts };
