// `npm run -s score -- FILE.json`: prints the leaderboard of a session as JSON
// (shared/scoring.md, "The command-line interface"). Exit status 2 with a
// message on stderr when the input is unreadable or invalid.
import { readFileSync } from 'node:fs';
import { computeLeaderboard } from './compute';
import { validateInput } from './validate';

const MAX_LISTED = 20;

function fail(message: string): never {
  process.stderr.write(`score: ${message}\n`);
  process.exit(2);
}

function main(argv: readonly string[]): void {
  const file = argv[0];
  if (file === undefined || argv.length > 1) fail('usage: score FILE.json');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    fail(`cannot read ${file}: ${(err as Error).message}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    fail(`${file} is not valid JSON: ${(err as Error).message}`);
  }
  const checked = validateInput(data);
  if (!checked.ok) {
    const shown = checked.errors.slice(0, MAX_LISTED).map((e) => `  - ${e}`);
    const more = checked.errors.length - shown.length;
    if (more > 0) shown.push(`  ... and ${more} more`);
    fail(`invalid input in ${file}:\n${shown.join('\n')}`);
  }
  process.stdout.write(`${JSON.stringify(computeLeaderboard(checked.value))}\n`);
}

main(process.argv.slice(2));
