/** Print a generated sample: `tsx scripts/print-sample.ts [BYTES] [SEED] > sample.md`. */
import {generateMarkdown} from '../shared/gen-samples.ts'

process.stdout.write(generateMarkdown(Number(process.argv[2] ?? 100_000), Number(process.argv[3] ?? 1)))
