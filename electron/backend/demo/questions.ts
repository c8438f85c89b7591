import type { Role } from '@shared/contract';
import { labelOptions } from '@shared/domain/options';
import type { QuestionInput } from '../formats/sink';
import { seededRandom, shuffle } from './random';
import type { BarItem, DemoItem, LineItem, SceneItem, TriangleItem } from './spec';

function mc(role: Role, text: string, correct: string, wrong: string[], random: () => number): QuestionInput {
  // Distractors are de-duplicated here so no generator can produce two identical options.
  const distinct = [...new Set(wrong)].filter((w) => w !== correct).slice(0, 3);
  const texts = shuffle([correct, ...distinct], random);
  const options = labelOptions(texts);
  return { role, type: 'multiple-choice', text, options, answer: [options[texts.indexOf(correct)]!.label] };
}

function numberDistractors(correct: number, step: number): string[] {
  const candidates = [correct + step, correct - step, correct + 2 * step, correct - 2 * step, correct + 3 * step];
  return candidates.filter((n) => n > 0 && n !== correct).slice(0, 3).map(String);
}

const MORE_THAN = 'To find how many more one quantity is than another, which operation do you use?';
const OPERATIONS = ['Subtraction', 'Addition', 'Multiplication', 'Division'];

function barTriplet(item: BarItem, random: () => number): QuestionInput[] {
  const hi = item.values.indexOf(Math.max(...item.values));
  const lo = item.values.indexOf(Math.min(...item.values));
  const diff = item.values[hi]! - item.values[lo]!;
  const m = Math.floor(random() * item.labels.length);
  return [
    mc('origin', `According to the chart, how many more crates were sold in ${item.labels[hi]} than in ${item.labels[lo]}?`,
      String(diff), numberDistractors(diff, 5), random),
    mc('perception', `How many crates does the chart show for ${item.labels[m]}?`, String(item.values[m]), numberDistractors(item.values[m]!, 5), random),
    mc('knowledge', MORE_THAN, OPERATIONS[0]!, OPERATIONS.slice(1), random),
  ];
}

function lineTriplet(item: LineItem, random: () => number): QuestionInput[] {
  const hi = item.values.indexOf(Math.max(...item.values));
  const others = shuffle(item.labels.filter((_, i) => i !== hi), random);
  const d = Math.floor(random() * item.labels.length);
  return [
    mc('origin', 'On which day was the noon temperature highest?', item.labels[hi]!, others, random),
    mc('perception', `What noon temperature does the chart show on ${item.labels[d]}?`, `${item.values[d]} °C`,
      numberDistractors(item.values[d]!, 2).map((v) => `${v} °C`), random),
    mc('knowledge', 'On a line chart of values over time, where is the largest value?', 'At the highest point of the line',
      ['At the rightmost point', 'At the leftmost point', 'Where the line is steepest'], random),
  ];
}

function triangleTriplet(item: TriangleItem, random: () => number): QuestionInput[] {
  const c = Math.round(Math.hypot(item.a, item.b) * 100) / 100;
  return [
    mc('origin', 'What is the length of the hypotenuse of the right triangle in the figure?', String(c),
      [String(item.a + item.b), String(c + 1), String(c + 2), String(c - 1)], random),
    mc('perception', 'What are the lengths of the two legs marked in the figure?', `${item.a} and ${item.b}`,
      [`${item.a} and ${c}`, `${item.b} and ${c}`, `${item.a + 1} and ${item.b + 1}`], random),
    mc('knowledge', 'For a right triangle with legs a and b and hypotenuse c, which relation holds?', 'a² + b² = c²',
      ['a + b = c', 'a² − b² = c²', '2a + 2b = c'], random),
  ];
}

function sceneTriplet(item: SceneItem, random: () => number): QuestionInput[] {
  const count = (color: string) => item.shapes.filter((s) => s.color === color).length;
  const red = count('red');
  const blue = count('blue');
  const diff = Math.abs(red - blue);
  const more = red > blue ? 'red' : 'blue';
  const less = more === 'red' ? 'blue' : 'red';
  return [
    mc('origin', `How many more ${more} shapes than ${less} shapes are in the picture?`, String(diff), numberDistractors(diff, 1), random),
    mc('perception', 'How many red shapes are in the picture?', String(red), numberDistractors(red, 1), random),
    mc('knowledge', 'What does a "how many more" question ask you to compute?', 'The difference between the two counts',
      ['The sum of the two counts', 'The larger count alone', 'The product of the two counts'], random),
  ];
}

/** The origin, perception and knowledge questions of one demo item. */
export function demoTriplet(item: DemoItem): QuestionInput[] {
  const random = seededRandom(item.id);
  switch (item.kind) {
    case 'bar': return barTriplet(item, random);
    case 'line': return lineTriplet(item, random);
    case 'triangle': return triangleTriplet(item, random);
    case 'scene': return sceneTriplet(item, random);
  }
}
