/**
 * Preloaded into a CLI process by the tests (`node --import`): at exit, it
 * writes the CPU time the process took, all its threads, in milliseconds,
 * to the file `OFFTHREAD_CPU_REPORT` names.
 */
import {writeFileSync} from 'node:fs'

const file = process.env.OFFTHREAD_CPU_REPORT
if (file) {
  process.on('exit', () => {
    const {user, system} = process.cpuUsage()
    writeFileSync(file, String((user + system) / 1000))
  })
}
