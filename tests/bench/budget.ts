/**
 * `npm run budget`: builds the client and prints the JavaScript each page downloads before it
 * works, gzipped (issue 18), one line per page; exits 1 when a page is over its budget.
 * `tsx tests/bench/budget.ts [dist]` measures an existing build instead.
 */
import path from 'node:path';
import { describeFigure, overBudget, pageFigures } from './bundleBudget';

const dist = path.resolve(process.argv[2] ?? 'dist');
const figures = pageFigures(dist);
for (const figure of figures) console.log(`${describeFigure(figure)}${overBudget(figure) ? '  OVER BUDGET' : ''}`);
if (figures.some(overBudget)) process.exitCode = 1;
