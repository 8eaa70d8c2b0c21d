// Property tests are reproducible: every fc.assert without a seed of its own uses this one, so
// `npm test` (and CI) checks the same cases on every run and machine. To explore other cases,
// run with FC_SEED=<integer> (or FC_SEED=random); a failure prints the seed that reproduces it.
import fc from 'fast-check';

const given = process.env.FC_SEED;
const seed =
  given === undefined || given === ''
    ? 20261123
    : given === 'random'
      ? Math.floor(Math.random() * 0x7fffffff)
      : Number(given);
if (!Number.isInteger(seed))
  throw new Error(`FC_SEED must be an integer or 'random', got '${given}'`);
fc.configureGlobal({ seed });
